package rpc

import (
	"context"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/parcels"
	"parcelportal/core/shipment"
)

// ParcelHandler serves portal.v1.ParcelService.
type ParcelHandler struct{ Parcels parcels.Service }

// ValidateParcel checks a form without storing it.
func (h ParcelHandler) ValidateParcel(ctx context.Context, req *connect.Request[portalv1.ValidateParcelRequest]) (*connect.Response[portalv1.ValidateParcelResponse], error) {
	v, err := h.Parcels.Validate(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), formFromProto(req.Msg.GetCsvShipmentDto()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ValidateParcelResponse{ValidatedShipment: checkedToProto(0, v)}), nil
}

// CreateParcel stores a valid parcel.
func (h ParcelHandler) CreateParcel(ctx context.Context, req *connect.Request[portalv1.CreateParcelRequest]) (*connect.Response[portalv1.CreateParcelResponse], error) {
	m := req.Msg
	p, err := h.Parcels.Create(ctx, callerFrom(ctx), m.GetCustomerId(), nameOf(m.GetLabelType()), formFromProto(m.GetCsvShipmentDto()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateParcelResponse{ParcelId: p.ID, ValidatedShipment: checkedToProto(p.ID, p.Validated)}), nil
}

// UpdateParcel replaces a parcel's values.
func (h ParcelHandler) UpdateParcel(ctx context.Context, req *connect.Request[portalv1.UpdateParcelRequest]) (*connect.Response[portalv1.UpdateParcelResponse], error) {
	v, err := h.Parcels.Update(ctx, callerFrom(ctx), req.Msg.GetId(), formFromProto(req.Msg.GetCsvShipmentDto()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateParcelResponse{ValidatedShipment: checkedToProto(req.Msg.GetId(), v)}), nil
}

// LabelParcel has the carrier label the parcel now.
func (h ParcelHandler) LabelParcel(ctx context.Context, req *connect.Request[portalv1.LabelParcelRequest]) (*connect.Response[portalv1.LabelParcelResponse], error) {
	l, err := h.Parcels.MakeLabel(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.LabelParcelResponse{Errors: make([]*portalv1.LabelError, len(l.Errors)), Identifier: l.Identifier, LabelType: given(labelTypeToProto(l.LabelType))}
	for i, e := range l.Errors {
		out.Errors[i] = &portalv1.LabelError{Message: e.Message, Params: e.Params}
	}
	return connect.NewResponse(out), nil
}

// parcelFile answers a parcel's document with its download headers.
func parcelFile[T any](msg *T, f parcels.File, name string) *connect.Response[T] {
	return download(connect.NewResponse(msg), "attachment", name)
}

// labelFileName names a label download: .pdf, or .zpl for a printer's label.
func labelFileName(id int64, f parcels.File) string {
	ext := "pdf"
	if !strings.Contains(f.ContentType, "pdf") {
		ext = "zpl"
	}
	return fmt.Sprintf("label-%d.%s", id, ext)
}

// DownloadParcelLabel sends the parcel's label.
func (h ParcelHandler) DownloadParcelLabel(ctx context.Context, req *connect.Request[portalv1.DownloadParcelLabelRequest]) (*connect.Response[portalv1.DownloadParcelLabelResponse], error) {
	id := req.Msg.GetParcelId()
	f, err := h.Parcels.Label(ctx, callerFrom(ctx), id)
	if err != nil {
		return nil, err
	}
	return parcelFile(&portalv1.DownloadParcelLabelResponse{File: &httpbody.HttpBody{ContentType: f.ContentType, Data: f.Data}}, f, labelFileName(id, f)), nil
}

// DownloadParcelCustomsDeclarations sends the parcel's customs declaration.
func (h ParcelHandler) DownloadParcelCustomsDeclarations(ctx context.Context, req *connect.Request[portalv1.DownloadParcelCustomsDeclarationsRequest]) (*connect.Response[portalv1.DownloadParcelCustomsDeclarationsResponse], error) {
	id := req.Msg.GetParcelId()
	f, err := h.Parcels.CustomsDeclaration(ctx, callerFrom(ctx), id)
	if err != nil {
		return nil, err
	}
	msg := &portalv1.DownloadParcelCustomsDeclarationsResponse{File: &httpbody.HttpBody{ContentType: f.ContentType, Data: f.Data}}
	return parcelFile(msg, f, fmt.Sprintf("customs-declaration-%d.pdf", id)), nil
}

// GetParcel returns the parcel detail.
func (h ParcelHandler) GetParcel(ctx context.Context, req *connect.Request[portalv1.GetParcelRequest]) (*connect.Response[portalv1.GetParcelResponse], error) {
	r, err := h.Parcels.Get(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetParcelResponse{
		ParcelId: r.ID, LabelType: given(labelTypeToProto(r.LabelType)), CsvShipmentDto: formToProto(r.Validated),
		ValidatedShipment: checkedToProto(r.ID, r.Validated), Parcel: parcelRowToProto(r), CustomerId: r.CustomerID,
	}), nil
}

// DeleteParcel removes a parcel, cancelling its label first.
func (h ParcelHandler) DeleteParcel(ctx context.Context, req *connect.Request[portalv1.DeleteParcelRequest]) (*connect.Response[portalv1.DeleteParcelResponse], error) {
	if err := h.Parcels.Delete(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteParcelResponse{}), nil
}

// BulkDeleteParcels removes several parcels (admins).
func (h ParcelHandler) BulkDeleteParcels(ctx context.Context, req *connect.Request[portalv1.BulkDeleteParcelsRequest]) (*connect.Response[portalv1.BulkDeleteParcelsResponse], error) {
	deleted, failed, err := h.Parcels.BulkDelete(ctx, callerFrom(ctx), req.Msg.GetIds())
	if err != nil {
		return nil, err
	}
	out := &portalv1.BulkDeleteParcelsResponse{DeletedIds: deleted, Errors: make([]*portalv1.ParcelFailure, len(failed))}
	for i, f := range failed {
		out.Errors[i] = &portalv1.ParcelFailure{ParcelId: f.ParcelID, Message: f.Message, Params: f.Params}
	}
	return connect.NewResponse(out), nil
}

// ListParcels pages a customer's parcels; X-Total-Count carries the total.
func (h ParcelHandler) ListParcels(ctx context.Context, req *connect.Request[portalv1.ListParcelsRequest]) (*connect.Response[portalv1.ListParcelsResponse], error) {
	m := req.Msg
	rows, total, err := h.Parcels.List(ctx, callerFrom(ctx), parcels.ListQuery{
		CustomerID: m.GetCustomerId(), ManifestFilter: nameOf(m.GetManifestFilter()), SourceFilter: nameOf(m.GetParcelSourceFilter()),
		APIClientFilter: nameOf(m.GetApiClientFilter()), Page: int(m.GetPage()), PageSize: int(m.GetPageSize()),
	})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListParcelsResponse{TotalCount: int64(total), Parcels: make([]*portalv1.ParcelRow, len(rows))}
	for i, r := range rows {
		out.Parcels[i] = parcelRowToProto(r)
	}
	return withTotal(connect.NewResponse(out), total), nil
}

func parcelRowToProto(r parcels.Row) *portalv1.ParcelRow {
	p, l := r.Parcel, r.Label
	f := func(name string) string { return p.Validated.Fields[name].Value }
	return &portalv1.ParcelRow{
		Uuid: p.UUID, Id: p.ID, ReferenceNumber: f("referencenumber"), SequenceNumber: l.Identifier,
		ReceiverName: f("name"), Product: f("product"), Service: f("service"), Destination: f("isoCountry"),
		UpdatedAt: timestamppb.New(p.UpdatedAt), CreatedAt: timestamppb.New(p.CreatedAt), CreatedBy: p.CreatedBy,
		Status: given(parcelStatusToProto(p.Status())), ErrorMessage: l.ErrorMessage, ErrorParams: l.ErrorParams,
		ManifestId: p.ManifestID(), CsvShipmentId: p.BatchID, LabelType: given(labelTypeToProto(p.LabelType)), ApiClient: given(apiClientToProto(p.APIClient)),
		HasCustomsDoc: l.HasCustoms, HasLabel: l.HasLabel, SubmittedAt: timestampOrNil(l.SubmittedAt),
		Source: given(shipmentSourceToProto(string(p.Source))), Valid: p.Validated.Valid,
		Selectable: r.Selectable, Editable: p.Editable(), Deletable: p.Deletable(),
	}
}

// checkedToProto is a checked form in the grid's shape.
func checkedToProto(id int64, v shipment.Validated) *portalv1.ValidatedShipment {
	return &portalv1.ValidatedShipment{Id: id, Valid: v.Valid, Fields: shipmentCellsToProto(v.Fields),
		OrderLines: orderLinesCellsToProto(v.OrderLines)}
}

// The parcel form's fields are CsvShipmentDto's, and each is the
// ShipmentCells field of the same name and number (TestShipmentFieldListIsOne
// holds them to one list), whose JSON name is core/shipment's name: the
// mappers below go by the proto's list instead of naming the fields. Only
// the form's own JSON spells the EORIs sellerEori and senderEori, as it
// always has for integrators; core and the grid say sellerEORI.
var (
	formDesc  = (&portalv1.CsvShipmentDto{}).ProtoReflect().Descriptor()
	lineDesc  = (&portalv1.ParcelOrderLine{}).ProtoReflect().Descriptor()
	cellsDesc = (&portalv1.ShipmentCells{}).ProtoReflect().Descriptor()
)

// formTexts are the form's text fields with core's name of each.
var formTexts = func() map[protoreflect.FieldDescriptor]string {
	out := map[protoreflect.FieldDescriptor]string{}
	fields := formDesc.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.Kind() != protoreflect.StringKind || fd.IsList() {
			continue
		}
		if cell := cellsDesc.Fields().ByNumber(fd.Number()); cell != nil {
			out[fd] = cell.JSONName()
		}
	}
	return out
}()

// formFromProto reads the parcel form into the CSV shipment fields and the
// phone beside them.
func formFromProto(d *portalv1.CsvShipmentDto) parcels.Form {
	m := d.ProtoReflect()
	f := map[string]string{}
	for fd, name := range formTexts {
		f[name] = m.Get(fd).String()
	}
	phone := f[shipment.PhoneField]
	delete(f, shipment.PhoneField)
	draft := shipment.Draft{Fields: f}
	for _, l := range d.GetOrderLines() {
		line := map[string]string{}
		lm := l.ProtoReflect()
		fields := lineDesc.Fields()
		for i := range fields.Len() {
			line[fields.Get(i).JSONName()] = lm.Get(fields.Get(i)).String()
		}
		draft.OrderLines = append(draft.OrderLines, line)
	}
	return parcels.Form{Draft: draft, Phone: phone, AddToAddressBook: d.GetAddAddressToAddressBook()}
}

// formToProto is a stored parcel's values as the form reads them.
func formToProto(v shipment.Validated) *portalv1.CsvShipmentDto {
	out := &portalv1.CsvShipmentDto{}
	m := out.ProtoReflect()
	for fd, name := range formTexts {
		m.Set(fd, protoreflect.ValueOfString(v.Fields[name].Value))
	}
	for _, l := range v.OrderLines {
		line := &portalv1.ParcelOrderLine{}
		lm := line.ProtoReflect()
		fields := lineDesc.Fields()
		for i := range fields.Len() {
			lm.Set(fields.Get(i), protoreflect.ValueOfString(l[fields.Get(i).JSONName()].Value))
		}
		out.OrderLines = append(out.OrderLines, line)
	}
	return out
}
