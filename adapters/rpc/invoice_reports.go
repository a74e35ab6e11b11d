package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/invoicereports"
)

// InvoiceReportHandler serves portal.v1.InvoiceReportService.
type InvoiceReportHandler struct{ Reports invoicereports.Service }

func reportBody(f invoicereports.File) *httpbody.HttpBody {
	return &httpbody.HttpBody{ContentType: "text/csv; charset=utf-8", Data: f.CSV}
}

// GetMonthlyInvoiceReport sends one month's report.
func (h InvoiceReportHandler) GetMonthlyInvoiceReport(ctx context.Context, req *connect.Request[portalv1.GetMonthlyInvoiceReportRequest]) (*connect.Response[portalv1.GetMonthlyInvoiceReportResponse], error) {
	f, err := h.Reports.Monthly(ctx, callerFrom(ctx), int(req.Msg.GetYear()), int(req.Msg.GetMonth()))
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.GetMonthlyInvoiceReportResponse{File: reportBody(f)}), f.Name), nil
}

// GetYearlyInvoiceReport sends one year's report.
func (h InvoiceReportHandler) GetYearlyInvoiceReport(ctx context.Context, req *connect.Request[portalv1.GetYearlyInvoiceReportRequest]) (*connect.Response[portalv1.GetYearlyInvoiceReportResponse], error) {
	f, err := h.Reports.Yearly(ctx, callerFrom(ctx), int(req.Msg.GetYear()))
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.GetYearlyInvoiceReportResponse{File: reportBody(f)}), f.Name), nil
}
