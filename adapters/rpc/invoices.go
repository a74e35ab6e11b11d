package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/invoice"
)

// GetInvoiceCustomers answers the customers of the selection with their consents.
func (h ReportHandler) GetInvoiceCustomers(ctx context.Context, req *connect.Request[portalv1.GetInvoiceCustomersRequest]) (*connect.Response[portalv1.GetInvoiceCustomersResponse], error) {
	selection, err := h.Reports.InvoiceCustomers(ctx, callerFrom(ctx), req.Msg.GetShipmentIds())
	if err != nil {
		return nil, err
	}
	list := selection.Customers
	out := &portalv1.GetInvoiceCustomersResponse{Customers: make([]*portalv1.InvoiceCustomer, len(list)),
		Defaults: invoiceDefaultsToProto(selection.Defaults)}
	consents := make([]invoice.Consents, len(list))
	for i, c := range list {
		consents[i] = c.Consents
		out.Customers[i] = &portalv1.InvoiceCustomer{CustomerId: c.CustomerID, CustomerCrmid: c.CRMID, Name: c.Name,
			GtcAccepted: c.GTCAccepted, PricingAccepted: c.PricingAccepted, IsChargeable: c.Chargeable, SellerEori: c.SellerEORI}
	}
	step, ids := invoice.NextStep(consents)
	out.NextStep = gateSteps[step]
	out.NextStepCustomerIds = ids
	return connect.NewResponse(out), nil
}

// gateSteps are the gate's steps as the contract names them.
var gateSteps = map[invoice.Step]portalv1.InvoiceGateStep{
	invoice.StepNone:       portalv1.InvoiceGateStep_INVOICE_GATE_STEP_UNSPECIFIED,
	invoice.StepGTC:        portalv1.InvoiceGateStep_GTC,
	invoice.StepPricing:    portalv1.InvoiceGateStep_PRICING,
	invoice.StepSellerEORI: portalv1.InvoiceGateStep_SELLER_EORI,
}

// CheckInvoiceNumber says whether the number is taken for the CRM ids.
func (h ReportHandler) CheckInvoiceNumber(ctx context.Context, req *connect.Request[portalv1.CheckInvoiceNumberRequest]) (*connect.Response[portalv1.CheckInvoiceNumberResponse], error) {
	taken, err := h.Reports.CheckInvoiceNumber(ctx, callerFrom(ctx), req.Msg.GetInvoiceNumber(), req.Msg.GetCrmIds())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CheckInvoiceNumberResponse{Taken: taken,
		InvoiceNumber: invoice.NormalizeNumber(req.Msg.GetInvoiceNumber())}), nil
}

// CreateCommercialInvoice stores the invoice and answers its PDF.
func (h ReportHandler) CreateCommercialInvoice(ctx context.Context, req *connect.Request[portalv1.CreateCommercialInvoiceRequest]) (*connect.Response[portalv1.CreateCommercialInvoiceResponse], error) {
	m := req.Msg
	header := invoice.Header{Number: m.GetInvoiceNumber(), PONumber: m.GetPoNumber(), Incoterm: nameOf(m.GetIncoterm()),
		ReasonOfExport: nameOf(m.GetReasonOfExport()), AdditionalComments: m.GetAdditionalComments(),
		DeclarationStatement: m.GetDeclarationStatement(), FreightPostage: m.GetFreightPostage(), Duty: m.GetDuty(),
		VAT: m.GetVat(), TobaccoTax: m.GetTobaccoTax(), DiscountRebate: m.GetDiscountRebate()}
	f, err := h.Reports.CreateInvoice(ctx, callerFrom(ctx), header, m.GetShipmentIds())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.CreateCommercialInvoiceResponse{File: body(f)}, f, "attachment"), nil
}

// GetCommercialInvoiceDetails reads back the stored invoices of a number.
func (h ReportHandler) GetCommercialInvoiceDetails(ctx context.Context, req *connect.Request[portalv1.GetCommercialInvoiceDetailsRequest]) (*connect.Response[portalv1.GetCommercialInvoiceDetailsResponse], error) {
	found, err := h.Reports.InvoiceDetails(ctx, callerFrom(ctx), req.Msg.GetInvoiceNumber())
	if err != nil {
		return nil, err
	}
	out := &portalv1.GetCommercialInvoiceDetailsResponse{Invoices: make([]*portalv1.CommercialInvoice, len(found))}
	for i, inv := range found {
		out.Invoices[i] = commercialInvoiceToProto(inv)
		out.Shipments = append(out.Shipments, out.Invoices[i].GetShipments()...)
	}
	return connect.NewResponse(out), nil
}

func commercialInvoiceToProto(inv invoice.Stored) *portalv1.CommercialInvoice {
	out := &portalv1.CommercialInvoice{InvoiceNumber: inv.Number, CustomerId: inv.CustomerID, CustomerName: inv.CustomerName,
		CustomerCrmid: inv.CRMID, PoNumber: inv.PONumber, Incoterm: incotermOf(inv.Incoterm), ReasonOfExport: reasonOfExportOf(inv.ReasonOfExport),
		AdditionalComments: inv.AdditionalComments, DeclarationStatement: inv.DeclarationStatement, Currency: inv.Currency,
		FreightPostage: inv.FreightPostage, Duty: inv.Duty, Vat: inv.VAT, TobaccoTax: inv.TobaccoTax,
		DiscountRebate: inv.DiscountRebate, Subtotal: inv.Subtotal, Total: inv.Total, CreatedBy: inv.CreatedBy,
		CreatedAt: timestamppb.New(inv.CreatedAt)}
	for _, s := range inv.Shipments {
		out.Shipments = append(out.Shipments, &portalv1.CommercialInvoiceShipment{ShipmentId: s.ID, Identifier: s.Identifier,
			OrderLines: orderLinesToProto(s.OrderLines), Currency: s.Currency})
	}
	return out
}
