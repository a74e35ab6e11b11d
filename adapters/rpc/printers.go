package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/printers"
	"parcelportal/core/printer"
)

// PrinterHandler serves portal.v1.PrinterService.
type PrinterHandler struct{ Printers printers.Service }

func networkPrinterToProto(p printer.Printer) *portalv1.NetworkPrinter {
	return &portalv1.NetworkPrinter{Id: p.ID, CustomerId: p.CustomerID, Name: p.Name, Host: p.Host,
		Port: int32(p.Port), Dpi: int32(p.DPI), LabelType: given(labelTypeToProto(p.LabelType()))}
}

// networkPrinterFromProto takes the fields of the body; the customer and
// printer ids come from the path.
func networkPrinterFromProto(customerID, id int64, p *portalv1.NetworkPrinter) printer.Printer {
	return printer.Printer{ID: id, CustomerID: customerID, Name: p.GetName(), Host: p.GetHost(),
		Port: int(p.GetPort()), DPI: int(p.GetDpi())}
}

// ListNetworkPrinters lists the customer's printers.
func (h PrinterHandler) ListNetworkPrinters(ctx context.Context, req *connect.Request[portalv1.ListNetworkPrintersRequest]) (*connect.Response[portalv1.ListNetworkPrintersResponse], error) {
	list, err := h.Printers.List(ctx, callerFrom(ctx), req.Msg.GetCustomerId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListNetworkPrintersResponse{NetworkPrinters: make([]*portalv1.NetworkPrinter, 0, len(list))}
	for _, p := range list {
		out.NetworkPrinters = append(out.NetworkPrinters, networkPrinterToProto(p))
	}
	return connect.NewResponse(out), nil
}

// CreateNetworkPrinter adds a printer.
func (h PrinterHandler) CreateNetworkPrinter(ctx context.Context, req *connect.Request[portalv1.CreateNetworkPrinterRequest]) (*connect.Response[portalv1.CreateNetworkPrinterResponse], error) {
	p, err := h.Printers.Create(ctx, callerFrom(ctx), networkPrinterFromProto(req.Msg.GetCustomerId(), 0, req.Msg.GetNetworkPrinter()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateNetworkPrinterResponse{NetworkPrinter: networkPrinterToProto(p)}), nil
}

// UpdateNetworkPrinter changes a printer.
func (h PrinterHandler) UpdateNetworkPrinter(ctx context.Context, req *connect.Request[portalv1.UpdateNetworkPrinterRequest]) (*connect.Response[portalv1.UpdateNetworkPrinterResponse], error) {
	p, err := h.Printers.Update(ctx, callerFrom(ctx), networkPrinterFromProto(req.Msg.GetCustomerId(), req.Msg.GetId(), req.Msg.GetNetworkPrinter()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateNetworkPrinterResponse{NetworkPrinter: networkPrinterToProto(p)}), nil
}

// DeleteNetworkPrinter removes a printer.
func (h PrinterHandler) DeleteNetworkPrinter(ctx context.Context, req *connect.Request[portalv1.DeleteNetworkPrinterRequest]) (*connect.Response[portalv1.DeleteNetworkPrinterResponse], error) {
	if err := h.Printers.Delete(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteNetworkPrinterResponse{}), nil
}

// labelsFromProto reads which stored labels a print job names.
func labelsFromProto(req *portalv1.PrintLabelsRequest) printer.Selection {
	switch l := req.GetLabels().(type) {
	case *portalv1.PrintLabelsRequest_BatchId:
		return printer.Selection{Source: printer.FromBatch, BatchID: l.BatchId}
	case *portalv1.PrintLabelsRequest_Shipments:
		return printer.Selection{Source: printer.FromShipments, IDs: l.Shipments.GetIds()}
	case *portalv1.PrintLabelsRequest_Parcels:
		return printer.Selection{Source: printer.FromParcels, IDs: l.Parcels.GetIds()}
	case *portalv1.PrintLabelsRequest_ReportSearch:
		return printer.Selection{Source: printer.FromSearch, Search: l.ReportSearch}
	}
	return printer.Selection{}
}

// PrintLabels sends stored labels to a printer.
func (h PrinterHandler) PrintLabels(ctx context.Context, req *connect.Request[portalv1.PrintLabelsRequest]) (*connect.Response[portalv1.PrintLabelsResponse], error) {
	printed, err := h.Printers.Print(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId(), labelsFromProto(req.Msg))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.PrintLabelsResponse{Labels: int32(printed.Labels)}), nil
}

// GetQzCertificate returns the QZ Tray certificate.
func (h PrinterHandler) GetQzCertificate(ctx context.Context, _ *connect.Request[portalv1.GetQzCertificateRequest]) (*connect.Response[portalv1.GetQzCertificateResponse], error) {
	cert, err := h.Printers.QzCertificate(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetQzCertificateResponse{Certificate: cert}), nil
}

// SignQzRequest signs a QZ Tray request.
func (h PrinterHandler) SignQzRequest(ctx context.Context, req *connect.Request[portalv1.SignQzRequestRequest]) (*connect.Response[portalv1.SignQzRequestResponse], error) {
	sig, err := h.Printers.SignQz(ctx, callerFrom(ctx), req.Msg.GetRequest())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SignQzRequestResponse{Signature: sig}), nil
}
