package rpc

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
	"parcelportal/core/shipment"
)

// BatchHandler serves portal.v1.BatchService.
type BatchHandler struct {
	Batches batches.Service
	// Watch tunes the progress streams (heartbeat); zero takes the defaults.
	Watch batches.WatchOptions
	// Off refuses the progress streams as Unimplemented
	// (BATCH_PROGRESS_STREAM=off): the pages read their batches again.
	Off bool
}

// errStreamOff answers WatchBatches where the installation turned it off.
var errStreamOff = connect.NewError(connect.CodeUnimplemented, errors.New("error.batchProgressStreamOff"))

// WatchBatches streams the named batches' progress until none is in
// progress; a message without batches is a heartbeat.
func (h BatchHandler) WatchBatches(ctx context.Context, req *connect.Request[portalv1.WatchBatchesRequest], stream *connect.ServerStream[portalv1.WatchBatchesResponse]) error {
	if h.Off {
		return errStreamOff
	}
	caller := callerFrom(ctx)
	return h.Batches.Watch(ctx, caller, req.Msg.GetIds(), h.Watch, func(views []batches.View) error {
		out := &portalv1.WatchBatchesResponse{Batches: make([]*portalv1.Batch, len(views))}
		for i, v := range views {
			out.Batches[i] = batchToProto(v)
		}
		return stream.Send(out)
	})
}

// ListBatches pages a customer's batches; X-Total-Count carries the total.
func (h BatchHandler) ListBatches(ctx context.Context, req *connect.Request[portalv1.ListBatchesRequest]) (*connect.Response[portalv1.ListBatchesResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	list, total, err := h.Batches.List(ctx, caller, m.GetCustomerId(), int(m.GetPage()), int(m.GetPageSize()))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListBatchesResponse{TotalCount: int64(total), Batches: make([]*portalv1.Batch, len(list))}
	for i, v := range list {
		out.Batches[i] = batchToProto(v)
	}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetBatch returns a batch with its counts and the caller's actions.
func (h BatchHandler) GetBatch(ctx context.Context, req *connect.Request[portalv1.GetBatchRequest]) (*connect.Response[portalv1.GetBatchResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.Get(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetBatchResponse{Batch: batchToProto(v)}), nil
}

// CreateBatch validates and stores an uploaded CSV.
func (h BatchHandler) CreateBatch(ctx context.Context, req *connect.Request[portalv1.CreateBatchRequest]) (*connect.Response[portalv1.CreateBatchResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	v, err := h.Batches.Create(ctx, caller, batches.Upload{CustomerID: m.GetCustomer().GetId(), FileName: m.GetCsvFileName(), CSV: m.GetCsv()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateBatchResponse{Batch: batchToProto(v)}), nil
}

// DeleteBatch removes a batch, or starts cancelling its labels first and
// answers it in DELETING.
func (h BatchHandler) DeleteBatch(ctx context.Context, req *connect.Request[portalv1.DeleteBatchRequest]) (*connect.Response[portalv1.DeleteBatchResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.Delete(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.DeleteBatchResponse{}
	if v != nil {
		out.Batch = batchToProto(*v)
	}
	return connect.NewResponse(out), nil
}

// SendBatch starts the send.
func (h BatchHandler) SendBatch(ctx context.Context, req *connect.Request[portalv1.SendBatchRequest]) (*connect.Response[portalv1.SendBatchResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.Send(ctx, caller, req.Msg.GetId(), nameOf(req.Msg.GetLabelType()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SendBatchResponse{Batch: batchToProto(v)}), nil
}

// CancelBatch starts cancelling a send (admins).
func (h BatchHandler) CancelBatch(ctx context.Context, req *connect.Request[portalv1.CancelBatchRequest]) (*connect.Response[portalv1.CancelBatchResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.Cancel(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CancelBatchResponse{Batch: batchToProto(v)}), nil
}

// ResendBatch starts sending the filter's shipments again.
func (h BatchHandler) ResendBatch(ctx context.Context, req *connect.Request[portalv1.ResendBatchRequest]) (*connect.Response[portalv1.ResendBatchResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.Resend(ctx, caller, req.Msg.GetId(), nameOf(req.Msg.GetFilter()), nameOf(req.Msg.GetLabelType()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ResendBatchResponse{Batch: batchToProto(v)}), nil
}

// DeleteBatchShipments starts deleting the filter's shipments.
func (h BatchHandler) DeleteBatchShipments(ctx context.Context, req *connect.Request[portalv1.DeleteBatchShipmentsRequest]) (*connect.Response[portalv1.DeleteBatchShipmentsResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.DeleteShipments(ctx, caller, req.Msg.GetId(), nameOf(req.Msg.GetFilter()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteBatchShipmentsResponse{Batch: batchToProto(v)}), nil
}

// CreateBatchManifest starts the manifest.
func (h BatchHandler) CreateBatchManifest(ctx context.Context, req *connect.Request[portalv1.CreateBatchManifestRequest]) (*connect.Response[portalv1.CreateBatchManifestResponse], error) {
	caller := callerFrom(ctx)
	v, err := h.Batches.CreateManifest(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateBatchManifestResponse{Batch: batchToProto(v)}), nil
}

// SendBatchShipment queues sending one shipment again and answers the
// shipment as it stands; the job asks the carrier later.
func (h BatchHandler) SendBatchShipment(ctx context.Context, req *connect.Request[portalv1.SendBatchShipmentRequest]) (*connect.Response[portalv1.SendBatchShipmentResponse], error) {
	caller := callerFrom(ctx)
	s, err := h.Batches.SendShipment(ctx, caller, req.Msg.GetId(), req.Msg.GetShipmentId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SendBatchShipmentResponse{Shipment: shipmentToProto(s)}), nil
}

// CancelBatchShipment queues cancelling one shipment's label and answers the
// shipment as it stands; the job asks the carrier later.
func (h BatchHandler) CancelBatchShipment(ctx context.Context, req *connect.Request[portalv1.CancelBatchShipmentRequest]) (*connect.Response[portalv1.CancelBatchShipmentResponse], error) {
	caller := callerFrom(ctx)
	s, err := h.Batches.CancelShipment(ctx, caller, req.Msg.GetId(), req.Msg.GetShipmentId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CancelBatchShipmentResponse{Shipment: shipmentToProto(s)}), nil
}

// ListValidatedShipments returns the grid rows: a page of them when a page
// size is asked for (the webapp's grid reads pages of 100), else all.
func (h BatchHandler) ListValidatedShipments(ctx context.Context, req *connect.Request[portalv1.ListValidatedShipmentsRequest]) (*connect.Response[portalv1.ListValidatedShipmentsResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	var page batches.RowPage
	var err error
	if m.GetPageSize() > 0 {
		page, err = h.Batches.ListValidatedShipmentsPage(ctx, caller, batches.RowQuery{
			BatchID: m.GetId(), OnlyInvalid: m.GetOnlyInvalid(), Page: int(m.GetPage()), Size: int(m.GetPageSize()),
		})
	} else {
		page.Rows, err = h.Batches.ListValidatedShipments(ctx, caller, m.GetId(), m.GetOnlyInvalid())
		page.Total = len(page.Rows)
		for _, r := range page.Rows {
			page.MaxOrderLines = max(page.MaxOrderLines, len(r.OrderLines))
		}
	}
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListValidatedShipmentsResponse{ValidatedShipments: make([]*portalv1.ValidatedShipment, len(page.Rows)),
		TotalCount: int32(page.Total), MaxOrderLines: int32(page.MaxOrderLines)}
	for i, r := range page.Rows {
		out.ValidatedShipments[i] = validatedToProto(r)
	}
	return withTotal(connect.NewResponse(out), page.Total), nil
}

// UpdateValidatedShipment stores a cell edit and answers the revalidated row.
func (h BatchHandler) UpdateValidatedShipment(ctx context.Context, req *connect.Request[portalv1.UpdateValidatedShipmentRequest]) (*connect.Response[portalv1.UpdateValidatedShipmentResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	row, v, err := h.Batches.UpdateValidatedShipment(ctx, caller, m.GetId(), m.GetShipmentId(), draftFromProto(m.GetValues()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateValidatedShipmentResponse{ValidatedShipment: validatedToProto(row), Batch: batchToProto(v)}), nil
}

// ListBatchShipments pages a batch's shipments; X-Total-Count carries the total.
func (h BatchHandler) ListBatchShipments(ctx context.Context, req *connect.Request[portalv1.ListBatchShipmentsRequest]) (*connect.Response[portalv1.ListBatchShipmentsResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	list, total, err := h.Batches.ListBatchShipments(ctx, caller, m.GetId(), nameOf(m.GetFilter()), int(m.GetPage()), int(m.GetPageSize()))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListBatchShipmentsResponse{TotalCount: int64(total), Shipments: shipmentsToProto(list)}
	return withTotal(connect.NewResponse(out), total), nil
}

// DownloadBatchLabels sends the labels as one PDF or as ZPL text.
func (h BatchHandler) DownloadBatchLabels(ctx context.Context, req *connect.Request[portalv1.DownloadBatchLabelsRequest]) (*connect.Response[portalv1.DownloadBatchLabelsResponse], error) {
	f, err := h.Batches.Labels(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchLabelsResponse{File: body(f)}, f, "attachment"), nil
}

// batchDownloads are the link downloads a token may be asked for, by the
// name the request gives them.
var batchDownloads = map[string]linkdownload.Purpose{
	"labels":             linkdownload.BatchLabels,
	"commercial-invoice": linkdownload.BatchCommercialInvoice,
}

// CreateBatchDownloadToken makes a token for one link download of the batch.
func (h BatchHandler) CreateBatchDownloadToken(ctx context.Context, req *connect.Request[portalv1.CreateBatchDownloadTokenRequest]) (*connect.Response[portalv1.CreateBatchDownloadTokenResponse], error) {
	caller := callerFrom(ctx)
	purpose, ok := batchDownloads[req.Msg.GetDownload()]
	if !ok {
		return nil, linkdownload.ErrPurposeInvalid
	}
	token, err := h.Batches.DownloadToken(ctx, caller, req.Msg.GetId(), purpose)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateBatchDownloadTokenResponse{Token: token.Value, ExpiresAt: timestamppb.New(token.Expires)}), nil
}

// DownloadBatchCustomsDocs sends the customs documents as one PDF.
func (h BatchHandler) DownloadBatchCustomsDocs(ctx context.Context, req *connect.Request[portalv1.DownloadBatchCustomsDocsRequest]) (*connect.Response[portalv1.DownloadBatchCustomsDocsResponse], error) {
	f, err := h.Batches.CustomsDocs(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchCustomsDocsResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadBatchManifest sends the manifest PDF.
func (h BatchHandler) DownloadBatchManifest(ctx context.Context, req *connect.Request[portalv1.DownloadBatchManifestRequest]) (*connect.Response[portalv1.DownloadBatchManifestResponse], error) {
	f, err := h.Batches.Manifest(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchManifestResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadBatchCommercialInvoice sends the commercial invoice PDF.
func (h BatchHandler) DownloadBatchCommercialInvoice(ctx context.Context, req *connect.Request[portalv1.DownloadBatchCommercialInvoiceRequest]) (*connect.Response[portalv1.DownloadBatchCommercialInvoiceResponse], error) {
	f, err := h.Batches.CommercialInvoice(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchCommercialInvoiceResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadBatchCsv sends the file as uploaded.
func (h BatchHandler) DownloadBatchCsv(ctx context.Context, req *connect.Request[portalv1.DownloadBatchCsvRequest]) (*connect.Response[portalv1.DownloadBatchCsvResponse], error) {
	f, err := h.Batches.CSV(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchCsvResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadBatchTemplate sends the batch template as an Excel workbook.
func (h BatchHandler) DownloadBatchTemplate(context.Context, *connect.Request[portalv1.DownloadBatchTemplateRequest]) (*connect.Response[portalv1.DownloadBatchTemplateResponse], error) {
	f, err := h.Batches.WorkbookTemplate()
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchTemplateResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadBatchTraffic sends the SOAP requests or responses (admins).
func (h BatchHandler) DownloadBatchTraffic(ctx context.Context, req *connect.Request[portalv1.DownloadBatchTrafficRequest]) (*connect.Response[portalv1.DownloadBatchTrafficResponse], error) {
	f, err := h.Batches.Traffic(ctx, callerFrom(ctx), req.Msg.GetId(), trafficKindOf(req.Msg.GetKind()))
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadBatchTrafficResponse{File: body(f)}, f, "inline"), nil
}

func body(f batches.File) *httpbody.HttpBody {
	return &httpbody.HttpBody{ContentType: f.ContentType, Data: f.Data}
}

// fileResponse answers a batch file with its download headers.
func fileResponse[T any](msg *T, f batches.File, disposition string) *connect.Response[T] {
	return download(connect.NewResponse(msg), disposition, f.Name)
}

func batchToProto(v batches.View) *portalv1.Batch {
	b, a := v.Batch, v.Actions
	return &portalv1.Batch{
		Id: b.ID, CsvFileName: b.FileName, Status: batchStatusToProto(b.Status), InProgress: b.Status.InProgress(), CreatedAt: timestamppb.New(b.CreatedAt),
		SentAt: timestampOrNil(b.SentAt), SentBy: b.SentBy, SentByAdmin: b.SentByAdmin, CustomerId: b.CustomerID,
		ProcessedShipments: int32(b.Processed), TotalShipments: int32(b.Total),
		HasLabels: b.Counts.HasLabels(), HasCustomsDocs: b.Counts.HasCustomsDocs(), LabelType: given(labelTypeToProto(b.LabelType)),
		HasManifest: b.Counts.HasManifest, Valid: b.Valid(), RowCount: int32(b.RowCount), InvalidRows: int32(b.InvalidRows),
		ErrorShipments: int32(b.Counts.ErrorShipments), ChangedShipments: int32(b.Counts.ChangedShipments),
		HasInvoice: b.HasInvoice, ErrorMessage: b.ErrorMessage, ErrorParams: b.ErrorParams,
		CreatedBy: b.CreatedBy, CreatedByAdmin: b.CreatedByAdmin,
		Actions: &portalv1.BatchActions{
			Send: a.Send, SendEnabled: a.SendEnabled, Cancel: a.Cancel, GenerateManifest: a.GenerateManifest,
			RegenerateManifest: a.RegenerateManifest, ManifestDownload: a.ManifestDownload, InvoiceDownload: a.InvoiceDownload,
			LabelDownloads: a.LabelDownloads, CustomsDocsDownload: a.CustomsDocsDownload, GridEditable: a.GridEditable,
			Delete: a.Delete, View: a.View,
			BulkAll: bulkToProto(a.BulkAll), BulkChanged: bulkToProto(a.BulkChanged), BulkError: bulkToProto(a.BulkError),
		},
	}
}

func bulkToProto(b batch.Bulk) *portalv1.BulkActions {
	return &portalv1.BulkActions{Resend: b.Resend, ResendCount: int32(b.ResendCount), DeleteShipments: b.Delete, DeleteCount: int32(b.DeleteCount)}
}

func validatedToProto(r batch.ValidatedShipment) *portalv1.ValidatedShipment {
	return &portalv1.ValidatedShipment{Id: r.ID, Position: int32(r.Position), Valid: r.Valid, Changed: r.Changed,
		Fields: shipmentCellsToProto(r.Fields), OrderLines: orderLinesCellsToProto(r.OrderLines)}
}

func draftFromProto(v *portalv1.ShipmentValues) shipment.Draft {
	d := shipment.Draft{Fields: map[string]string{}}
	if f := v.GetFields(); f != nil {
		d.Fields = textsOf(f.ProtoReflect())
	}
	for _, l := range v.GetOrderLines() {
		line := map[string]string{}
		if f := l.GetFields(); f != nil {
			line = textsOf(f.ProtoReflect())
		}
		d.OrderLines = append(d.OrderLines, line)
	}
	return d
}

func shipmentToProto(v batches.ShipmentView) *portalv1.BatchShipment {
	s := v.Shipment
	return &portalv1.BatchShipment{
		Id: s.ID, Position: int32(s.Position), Success: s.Success, ErrorMessage: s.ErrorMessage, ErrorParams: s.ErrorParams, Retoure: s.Retoure,
		ReferenceNumber: s.ReferenceNumber, Identifier: s.Identifier, ReceiverName: s.ReceiverName, Product: s.Product,
		Destination: s.Destination, SubmittedAt: timestampOrNil(s.SubmittedAt), ApiClient: given(apiClientToProto(s.APIClient)),
		LabelContentType: s.LabelContentType, CsvShipment: s.BatchID, Changed: s.Changed, LabelType: given(labelTypeToProto(s.LabelType)),
		HasCustomsDoc: s.HasCustomsDoc, Service: s.Service, Cancelled: s.Cancelled, Updateable: v.Updateable, Deleteable: v.Deleteable,
		Cancellable: v.Cancellable, DeleteRefusal: refusalOf(v.DeleteRefusal),
	}
}

// refusalOf is a refusal the answer names beforehand, as the refused call would answer it; nil: none.
func refusalOf(f *failure.Error) *portalv1.ErrorDetail {
	if f == nil {
		return nil
	}
	return detailOf(f)
}

func shipmentsToProto(list []batches.ShipmentView) []*portalv1.BatchShipment {
	out := make([]*portalv1.BatchShipment, len(list))
	for i, s := range list {
		out[i] = shipmentToProto(s)
	}
	return out
}
