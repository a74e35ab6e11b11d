package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/reports"
	"parcelportal/core/report"
)

// ReportHandler serves portal.v1.ReportService.
type ReportHandler struct{ Reports reports.Service }

// SearchReport answers a page of the report; X-Total-Count carries the total.
func (h ReportHandler) SearchReport(ctx context.Context, req *connect.Request[portalv1.SearchReportRequest]) (*connect.Response[portalv1.SearchReportResponse], error) {
	page, err := h.Reports.Search(ctx, callerFrom(ctx), req.Msg.GetPageableFilter())
	if err != nil {
		return nil, err
	}
	out := &portalv1.SearchReportResponse{TotalCount: int64(page.Total), TotalCapped: page.TotalCapped,
		Rows: make([]*portalv1.ReportRow, len(page.Rows))}
	for i, r := range page.Rows {
		out.Rows[i] = reportRowToProto(r)
	}
	return withTotal(connect.NewResponse(out), page.Total), nil
}

// ExportReportExcel sends the search's rows as a workbook.
func (h ReportHandler) ExportReportExcel(ctx context.Context, req *connect.Request[portalv1.ExportReportExcelRequest]) (*connect.Response[portalv1.ExportReportExcelResponse], error) {
	f, err := h.Reports.Excel(ctx, callerFrom(ctx), req.Msg.GetPageableFilter())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.ExportReportExcelResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadReportLabels joins the labels of the search's rows.
func (h ReportHandler) DownloadReportLabels(ctx context.Context, req *connect.Request[portalv1.DownloadReportLabelsRequest]) (*connect.Response[portalv1.DownloadReportLabelsResponse], error) {
	f, err := h.Reports.Labels(ctx, callerFrom(ctx), req.Msg.GetPageableFilter())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadReportLabelsResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadReportLabelsByIds joins the labels of the selected shipments.
func (h ReportHandler) DownloadReportLabelsByIds(ctx context.Context, req *connect.Request[portalv1.DownloadReportLabelsByIdsRequest]) (*connect.Response[portalv1.DownloadReportLabelsByIdsResponse], error) {
	f, err := h.Reports.LabelsByIDs(ctx, callerFrom(ctx), req.Msg.GetShipmentIds())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadReportLabelsByIdsResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadReportInvoices renders the commercial invoices of the search's rows.
func (h ReportHandler) DownloadReportInvoices(ctx context.Context, req *connect.Request[portalv1.DownloadReportInvoicesRequest]) (*connect.Response[portalv1.DownloadReportInvoicesResponse], error) {
	f, err := h.Reports.Invoices(ctx, callerFrom(ctx), req.Msg.GetPageableFilter())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadReportInvoicesResponse{File: body(f)}, f, "attachment"), nil
}

// DownloadReportInvoiceByIds renders the commercial invoices of the selected shipments.
func (h ReportHandler) DownloadReportInvoiceByIds(ctx context.Context, req *connect.Request[portalv1.DownloadReportInvoiceByIdsRequest]) (*connect.Response[portalv1.DownloadReportInvoiceByIdsResponse], error) {
	f, err := h.Reports.InvoicesByIDs(ctx, callerFrom(ctx), req.Msg.GetShipmentIds())
	if err != nil {
		return nil, err
	}
	return fileResponse(&portalv1.DownloadReportInvoiceByIdsResponse{File: body(f)}, f, "attachment"), nil
}

func reportRowToProto(r report.Row) *portalv1.ReportRow {
	return &portalv1.ReportRow{
		ShipmentId: r.ShipmentID, CustomerId: r.CustomerID, BatchId: r.BatchID, SubmittedAt: timestamppb.New(r.SubmittedAt),
		ReferenceNumber: r.ReferenceNumber, RecipientName: r.RecipientName, PostalCode: r.PostalCode, City: r.City,
		Destination: r.Destination, Product: r.Product, Service: r.Service, AdditionalOptions: r.AdditionalOptions,
		Format: r.Format, Identifier: r.Identifier, Weight: r.Weight, Value: r.Value, Currency: r.Currency,
		Status: reportStatusToProto(r.Status), ManifestType: given(manifestTypeToProto(r.ManifestType)), ErrorMessage: r.ErrorMessage, InvoiceNumber: r.InvoiceNumber,
		ApiClient: given(apiClientToProto(r.APIClient)), LabelType: given(labelTypeToProto(r.LabelType)), CustomerName: r.CustomerName, CustomerCrmId: r.CustomerCRMID,
		ParcelUuid: r.ParcelUUID, Source: given(shipmentSourceToProto(r.Source)), HasLabel: r.HasLabel, Invoiceable: r.Invoiceable(),
	}
}
