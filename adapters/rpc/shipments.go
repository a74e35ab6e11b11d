package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/batches"
)

// ShipmentHandler serves portal.v1.ShipmentService.
type ShipmentHandler struct{ Batches batches.Service }

// ListShipments pages a customer's shipments; X-Total-Count carries the total.
func (h ShipmentHandler) ListShipments(ctx context.Context, req *connect.Request[portalv1.ListShipmentsRequest]) (*connect.Response[portalv1.ListShipmentsResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	list, total, err := h.Batches.ListShipments(ctx, caller, m.GetCustomerId(), nameOf(m.GetFilter()), int(m.GetPage()), int(m.GetPageSize()))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListShipmentsResponse{TotalCount: int64(total), Shipments: shipmentsToProto(list)}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetShipment returns one shipment; the SOAP traffic only to admins.
func (h ShipmentHandler) GetShipment(ctx context.Context, req *connect.Request[portalv1.GetShipmentRequest]) (*connect.Response[portalv1.GetShipmentResponse], error) {
	caller := callerFrom(ctx)
	d, err := h.Batches.GetShipment(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetShipmentResponse{Shipment: &portalv1.ShipmentDetail{
		Shipment: shipmentToProto(d.ShipmentView), SoapRequest: d.SOAPRequest, SoapResponse: d.SOAPResponse,
	}}), nil
}

// DeleteShipment removes a shipment without a valid label.
func (h ShipmentHandler) DeleteShipment(ctx context.Context, req *connect.Request[portalv1.DeleteShipmentRequest]) (*connect.Response[portalv1.DeleteShipmentResponse], error) {
	caller := callerFrom(ctx)
	if err := h.Batches.DeleteShipment(ctx, caller, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteShipmentResponse{}), nil
}

// DownloadShipmentLabel sends the label to preview (PDF) or print (ZPL).
func (h ShipmentHandler) DownloadShipmentLabel(ctx context.Context, req *connect.Request[portalv1.DownloadShipmentLabelRequest]) (*connect.Response[portalv1.DownloadShipmentLabelResponse], error) {
	caller := callerFrom(ctx)
	f, err := h.Batches.ShipmentLabel(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadShipmentLabelResponse{File: body(f)}, f, "inline"), nil
}

// GetShipmentDetails returns the order lines and currency.
func (h ShipmentHandler) GetShipmentDetails(ctx context.Context, req *connect.Request[portalv1.GetShipmentDetailsRequest]) (*connect.Response[portalv1.GetShipmentDetailsResponse], error) {
	caller := callerFrom(ctx)
	d, err := h.Batches.ShipmentDetails(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetShipmentDetailsResponse{Currency: d.Currency, OrderLines: orderLinesToProto(d.Lines)}), nil
}

// orderLinesToProto maps order lines, each field name to value.
func orderLinesToProto(lines []map[string]string) []*portalv1.OrderLineValues {
	out := make([]*portalv1.OrderLineValues, len(lines))
	for i, l := range lines {
		texts := &portalv1.OrderLineTexts{}
		textsInto(texts.ProtoReflect(), l)
		out[i] = &portalv1.OrderLineValues{Fields: texts}
	}
	return out
}
