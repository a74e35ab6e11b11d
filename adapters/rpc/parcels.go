package rpc

import (
	"context"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/parcels"
	"parcelportal/core/parcel"
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

// formFromProto reads the parcel form into the CSV shipment fields.
func formFromProto(d *portalv1.CsvShipmentDto) parcels.Form {
	f := map[string]string{
		"name": d.GetName(), "contact": d.GetContact(), "street": d.GetStreet(), "no": d.GetNo(), "street2": d.GetStreet2(),
		"street3": d.GetStreet3(), "postalcode": d.GetPostalcode(), "city": d.GetCity(), "region": d.GetRegion(),
		"isoCountry": d.GetIsoCountry(), "mobile": d.GetMobile(), "email": d.GetEmail(), "referencenumber": d.GetReferencenumber(),
		"weight": d.GetWeight(), "senderCode": d.GetSenderCode(), "format": d.GetFormat(), "product": d.GetProduct(),
		"service": d.GetService(), "options": d.GetOptions(), "returnOptions": d.GetReturnOptions(), "content": d.GetContent(),
		"currency": d.GetCurrency(), "shippingCost": d.GetShippingCost(), "sellerEORI": d.GetSellerEori(),
		"senderEORI": d.GetSenderEori(), "senderTaxId": d.GetSenderTaxId(), "receiverTaxId": d.GetReceiverTaxId(),
	}
	draft := shipment.Draft{Fields: f}
	for _, l := range d.GetOrderLines() {
		draft.OrderLines = append(draft.OrderLines, map[string]string{
			"articleNumber": l.GetArticleNumber(), "hstarifnumber": l.GetHstarifnumber(), "origincountry": l.GetOrigincountry(),
			"description": l.GetDescription(), "articleUrl": l.GetArticleUrl(), "quantity": l.GetQuantity(),
			"weight": l.GetWeight(), "value": l.GetValue(),
		})
	}
	return parcels.Form{Draft: draft, Phone: d.GetPhone(), AddToAddressBook: d.GetAddAddressToAddressBook()}
}

// formToProto is a stored parcel's values as the form reads them.
func formToProto(v shipment.Validated) *portalv1.CsvShipmentDto {
	f := func(name string) string { return v.Fields[name].Value }
	out := &portalv1.CsvShipmentDto{
		Name: f("name"), Contact: f("contact"), Street: f("street"), No: f("no"), Street2: f("street2"), Street3: f("street3"),
		Postalcode: f("postalcode"), City: f("city"), Region: f("region"), IsoCountry: f("isoCountry"), Email: f("email"),
		Mobile: f("mobile"), Phone: f(parcel.PhoneField), Referencenumber: f("referencenumber"), SenderTaxId: f("senderTaxId"),
		ReceiverTaxId: f("receiverTaxId"), Weight: f("weight"), Format: f("format"), Product: f("product"), Service: f("service"),
		Options: f("options"), ReturnOptions: f("returnOptions"), Content: f("content"), ShippingCost: f("shippingCost"),
		Currency: f("currency"), SenderCode: f("senderCode"), SellerEori: f("sellerEORI"), SenderEori: f("senderEORI"),
	}
	for _, l := range v.OrderLines {
		g := func(name string) string { return l[name].Value }
		out.OrderLines = append(out.OrderLines, &portalv1.ParcelOrderLine{
			ArticleNumber: g("articleNumber"), Hstarifnumber: g("hstarifnumber"), Origincountry: g("origincountry"),
			Description: g("description"), ArticleUrl: g("articleUrl"), Quantity: g("quantity"), Weight: g("weight"), Value: g("value"),
		})
	}
	return out
}
