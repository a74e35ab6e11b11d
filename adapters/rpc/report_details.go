package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/reports"
)

// ReportDetailsHandler serves portal.v1.ReportDetailsService.
type ReportDetailsHandler struct{ Details reports.Details }

// GetReportShipmentDetails answers a report row's customs details and invoice data.
func (h ReportDetailsHandler) GetReportShipmentDetails(ctx context.Context, req *connect.Request[portalv1.GetReportShipmentDetailsRequest]) (*connect.Response[portalv1.GetReportShipmentDetailsResponse], error) {
	d, err := h.Details.Shipment(ctx, callerFrom(ctx), req.Msg.GetShipmentId())
	if err != nil {
		return nil, err
	}
	// The invoice columns by core/shipment's names, which are the message's
	// JSON names; the incoterm and the reason are enums.
	v := d.Invoice
	invoice := &portalv1.ReportInvoiceData{
		Incoterm: given(incotermOf(v["incoterm"])), ReasonOfExport: given(reasonOfExportOf(v["reasonOfExport"])),
	}
	textsInto(invoice.ProtoReflect(), v)
	out := &portalv1.GetReportShipmentDetailsResponse{
		OrderLines: orderLinesToProto(d.OrderLines), Currency: d.Currency,
		Identifier: d.Identifier, ReferenceNumber: d.ReferenceNumber, Invoice: invoice,
	}
	return connect.NewResponse(out), nil
}

// DownloadReportShipmentTraffic sends a report row's SOAP requests or responses (admins).
func (h ReportDetailsHandler) DownloadReportShipmentTraffic(ctx context.Context, req *connect.Request[portalv1.DownloadReportShipmentTrafficRequest]) (*connect.Response[portalv1.DownloadReportShipmentTrafficResponse], error) {
	f, err := h.Details.Traffic(ctx, callerFrom(ctx), req.Msg.GetShipmentId(), trafficKindOf(req.Msg.GetKind()))
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadReportShipmentTrafficResponse{File: body(f)}, f, "inline"), nil
}
