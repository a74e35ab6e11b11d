package rpc_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/xlsx"
	"parcelportal/app/demo"
	"parcelportal/app/reports"
	"parcelportal/core/customer"
)

// sellers answers every customer as a seller that passed the consent
// gate, unless change (set by a test) takes a step back.
type sellers struct{ change *func(*customer.Customer) }

func (s sellers) Get(_ context.Context, id int64) (customer.Customer, error) {
	c := customer.Customer{ID: id, Name: "Seller " + strconv.FormatInt(id, 10), CRMID: sellerCRMID(id), SellerEORI: "DE123",
		GTC: customer.Consent{Accepted: true}, IsCommercialInvoiceChargeable: true, CIPricing: customer.Consent{Accepted: true}}
	if *s.change != nil {
		(*s.change)(&c)
	}
	return c, nil
}

// sellerCRMID is the CRM id sellers give a customer.
func sellerCRMID(id int64) string { return "DE" + strconv.FormatInt(10000000+id, 10) }

type reportsAPI struct {
	served
	// consents changes what the customers have consented to.
	consents *func(*customer.Customer)
	// rows of mine: a PDF-labelled manifested row with invoice data, a ZPL
	// parcel, a failed row; of other: one row.
	pdfRow, zplRow, failedRow, foreignRow int64
	// pool holds the shipments; audits the audited calls (report_details_test.go).
	pool   *pgxpool.Pool
	audits *memory.AuditLog
}

// newReportsAPI serves the report over a real HTTP server on Postgres,
// with shipments of two customers written by SQL (batch rows and parcels).
func newReportsAPI(t *testing.T) reportsAPI {
	t.Helper()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	a := reportsAPI{consents: new(func(*customer.Customer)), pool: pool, audits: &memory.AuditLog{}}
	for i, crmid := range []string{demo.BakeryCRMID, demo.GardenCRMID} {
		id := &a.mine
		if i == 1 {
			id = &a.other
		}
		if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, crmid).Scan(id); err != nil {
			t.Fatal(err)
		}
	}
	a.pdfRow = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: a.mine, BatchStatus: "MANIFEST_CREATED",
		Receiver: "Anna", Identifier: "TR1", Label: label(t, "TR1", "PDF"), ContentType: "application/pdf", LabelType: "PDF",
		InvoiceNumber: "INV-1", Lines: [][2]string{{"2", "10"}}, APIClient: "SHIPPING", Service: "CUP"})
	a.zplRow = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: a.mine, Source: "API_PARCEL", Receiver: "Bernd",
		Identifier: "TR2", Label: label(t, "TR2", "Zebra"), ContentType: "text/plain", LabelType: "Zebra"})
	a.failedRow = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: a.mine, BatchStatus: "SENT", State: "FAILED", Receiver: "Carla"})
	a.foreignRow = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: a.other, BatchStatus: "SENT", Receiver: "Dora",
		Identifier: "TR9", Label: label(t, "TR9", "PDF"), ContentType: "application/pdf", LabelType: "PDF"})
	svc := reports.Service{Store: postgres.Reports{Pool: pool}, Customers: sellers{a.consents}, Sheet: xlsx.Sheet{},
		Merge: pdf.Merge, Renderer: pdf.CommercialInvoices{}, Stored: postgres.Invoices{Pool: pool}, Catalogs: postgres.Catalog{Pool: pool}}
	a.srv = serveAPI(t, rpc.Handlers{Reports: rpc.ReportHandler{Reports: svc}, Callers: customerBearers{},
		ReportDetails: rpc.ReportDetailsHandler{Details: reports.Details{Entries: postgres.Reports{Pool: pool}}}, Audit: a.audits})
	return a
}

func filterQuery(filter string) string { return "pageableFilter=" + url.QueryEscape(filter) }

func ids(rows []any) []string {
	var out []string
	for _, r := range rows {
		out = append(out, idOf(r.(map[string]any)["shipmentId"]))
	}
	return out
}

func wantKey(t *testing.T, name string, rsp *http.Response, body []byte, status int, key string) {
	t.Helper()
	if rsp.StatusCode != status || !strings.Contains(string(body), `"`+key+`"`) {
		t.Errorf("%s: %d %s, want %d %s", name, rsp.StatusCode, body, status, key)
	}
}

func TestReportSearchOverREST(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	rsp, b := a.call(t, a.user(), "GET", "/web/api/reports?cacheBuster=1", "")
	got := decode[map[string]any](t, b)
	rows, _ := got["rows"].([]any)
	want := []string{idOf(a.failedRow), idOf(a.zplRow), idOf(a.pdfRow)}
	if rsp.StatusCode != 200 || strings.Join(ids(rows), ",") != strings.Join(want, ",") || rsp.Header.Get("X-Total-Count") != "3" {
		t.Fatalf("default search: %d %s", rsp.StatusCode, b)
	}
	first := rows[2].(map[string]any)
	if first["status"] != "MANIFEST_CREATED" || first["invoiceable"] != true || first["hasLabel"] != true ||
		first["parcelUuid"] != "" || first["value"] != float64(20) {
		t.Errorf("a user's row: %v", first)
	}
	// The admin columns a user does not see (API client, source) and a failed row's label type are left
	// out, as "" was before the contract had enums.
	for _, key := range []string{"apiClient", "source"} {
		if v, present := first[key]; present {
			t.Errorf("a user's row names %s %v", key, v)
		}
	}
	noUnspecified(t, "a user's report", b)
	// Admins see the admin columns, and every customer unless they name some.
	_, b = a.call(t, "ROLE_ADMIN", "GET", "/web/api/reports?"+filterQuery(`{"searchCriteria":{"customerIds":[`+idOf(a.mine)+`]}}`), "")
	rows, _ = decode[map[string]any](t, b)["rows"].([]any)
	if len(rows) != 3 || rows[2].(map[string]any)["parcelUuid"] == "" || rows[2].(map[string]any)["apiClient"] != "SHIPPING" {
		t.Errorf("admin: %s", b)
	}
	_, b = a.call(t, "ROLE_CUSTOMER_SERVICE", "GET", "/web/api/reports", "")
	if rows, _ = decode[map[string]any](t, b)["rows"].([]any); len(rows) != 4 {
		t.Errorf("customer service sees every customer: %s", b)
	}
	// Scope: another customer's shipment never appears; naming its customer is refused.
	_, b = a.call(t, "ROLE_USER:"+idOf(a.other), "GET", "/web/api/reports", "")
	if rows, _ = decode[map[string]any](t, b)["rows"].([]any); len(rows) != 1 || ids(rows)[0] != idOf(a.foreignRow) {
		t.Errorf("other customer: %s", b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(`{"searchCriteria":{"customerIds":[`+idOf(a.other)+`]}}`), "")
	wantKey(t, "foreign customerIds", rsp, b, 404, "error.customerNotFound")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(`{"searchCriteria":{"customerIds":[`+idOf(a.mine)+`,`+idOf(a.other)+`]}}`), "")
	wantKey(t, "own and foreign customerIds", rsp, b, 404, "error.customerNotFound")
	// A user's admin-only criteria are ignored.
	_, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(`{"searchCriteria":{"apiClients":["A1"]}}`), "")
	if rows, _ = decode[map[string]any](t, b)["rows"].([]any); len(rows) != 3 {
		t.Errorf("a user's api client criterion is ignored: %s", b)
	}
	// Malformed and too wide: one key.
	for name, filter := range map[string]string{
		"not json": `{`, "size 1001": `{"size":1001}`, "size 9": `{"size":9}`, "two years": `{"searchCriteria":{"fromDate":"2020-01-01","toDate":"2022-01-01"}}`,
		"unknown sort": `{"sortField":"password"}`, "unknown criterion": `{"searchCriteria":{"sql":"1"}}`,
	} {
		rsp, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(filter), "")
		wantKey(t, name, rsp, b, 400, "errorReduceSearchCriteria")
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(`{"size":1000,"page":99}`), "")
	if rsp.StatusCode != 200 {
		t.Errorf("largest page: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports?pageableFilter="+strings.Repeat("x", 70000), "")
	if rsp.StatusCode != 400 {
		t.Errorf("a filter over 64 KiB: %d %.200s", rsp.StatusCode, b)
	}
	// Who may call.
	for _, bearer := range []string{"ROLE_TRACKING:" + idOf(a.mine), "ROLE_API:" + idOf(a.mine)} {
		rsp, b = a.call(t, bearer, "GET", "/web/api/reports", "")
		wantKey(t, bearer, rsp, b, 403, "error.forbidden")
	}
	rsp, _ = a.call(t, "", "GET", "/web/api/reports", "")
	if rsp.StatusCode != 401 {
		t.Errorf("anonymous: %d", rsp.StatusCode)
	}
	// Over Connect.
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/SearchReport", `{"pageableFilter":"{\"size\":10}"}`)
	if rsp.StatusCode != 200 || !strings.Contains(string(b), `"totalCount":"3"`) {
		t.Errorf("connect: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/SearchReport", `{"pageableFilter":"{\"size\":5}"}`)
	if rsp.StatusCode != 400 || !strings.Contains(string(b), "errorReduceSearchCriteria") {
		t.Errorf("connect refusal: %d %s", rsp.StatusCode, b)
	}
}

func TestReportExportsOverREST(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	// Excel: one header row and the rows, dates as dates, numbers as numbers.
	rsp, b := a.call(t, a.user(), "GET", "/web/api/reports/excel?"+filterQuery(`{}`), "")
	if rsp.StatusCode != 200 || !strings.Contains(rsp.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("excel: %d %.200s", rsp.StatusCode, b)
	}
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := f.GetRows("Report")
	if err != nil || len(sheet) != 4 || sheet[0][0] != "Submitted at" || len(sheet[0]) != len(reports.ExcelHeader) {
		t.Fatalf("sheet %q %v", sheet, err)
	}
	if typ, _ := f.GetCellType("Report", "M4"); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Errorf("value is text, want a number")
	}
	if len(sheet[3][0]) != 10 || sheet[3][0][2] != '.' || sheet[3][12] != "20" {
		t.Errorf("row %q", sheet[3])
	}
	// Labels of the result mix PDF and ZPL: refused; of a selection, merged.
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labels?"+filterQuery(`{}`), "")
	wantKey(t, "labels of a mixed result", rsp, b, 400, "error.dontMixLabelTypes")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labels?"+filterQuery(`{"searchCriteria":{"labelTypes":["PDF"]}}`), "")
	if rsp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("labels of the PDF rows: %d %.100s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labelsByIds?shipmentIds="+idOf(a.zplRow), "")
	if rsp.StatusCode != 200 || !strings.Contains(string(b), "^XA") {
		t.Errorf("ZPL of a selection: %d %.100s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labelsByIds?shipmentIds="+idOf(a.zplRow)+"&shipmentIds="+idOf(a.pdfRow), "")
	wantKey(t, "mixed selection", rsp, b, 400, "error.dontMixLabelTypes")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labelsByIds?shipmentIds="+idOf(a.pdfRow)+"&shipmentIds="+idOf(a.foreignRow), "")
	wantKey(t, "a foreign shipment in the selection", rsp, b, 404, "error.shipment.notFound")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/labelsByIds?shipmentIds="+idOf(a.failedRow), "")
	wantKey(t, "no labels", rsp, b, 404, "error.report.noLabels")
	rsp, _ = a.call(t, a.user(), "GET", "/web/api/reports/labelsByIds", "")
	if rsp.StatusCode != 400 {
		t.Errorf("no ids: %d", rsp.StatusCode)
	}
	// Invoices: of the invoice row, a PDF; mixed with a row without invoice data, refused.
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(a.pdfRow), "")
	if rsp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("invoice: %d %.100s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(a.pdfRow)+"&shipmentIds="+idOf(a.zplRow), "")
	wantKey(t, "mixed invoice choice", rsp, b, 400, "error.dontMixCommercialInvoicesChoice")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoices?"+filterQuery(`{"searchCriteria":{"status":["SENT"]}}`), "")
	wantKey(t, "invoices of rows without invoice data", rsp, b, 404, "error.report.noInvoices")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoices?"+filterQuery(`{"searchCriteria":{"invoiceNumbers":["INV-1"]}}`), "")
	if rsp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("invoices of the result: %d %.100s", rsp.StatusCode, b)
	}
	// The consent gate, step by step, on the server too.
	for key, change := range map[string]func(*customer.Customer){
		"error.invoice.gtcNotAccepted":     func(c *customer.Customer) { c.GTC.Accepted, c.SellerEORI = false, "" },
		"error.invoice.pricingNotAccepted": func(c *customer.Customer) { c.CIPricing.Accepted, c.SellerEORI = false, "" },
		"error.invoice.sellerEoriMissing":  func(c *customer.Customer) { c.SellerEORI = "" },
	} {
		*a.consents = change
		rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(a.pdfRow), "")
		wantKey(t, key, rsp, b, 400, key)
	}
	*a.consents = func(c *customer.Customer) { c.IsCommercialInvoiceChargeable, c.CIPricing.Accepted = false, false }
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(a.pdfRow), "")
	if rsp.StatusCode != 200 {
		t.Errorf("pricing is skipped for a customer that is not chargeable: %d %.200s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/excel?"+filterQuery(`{"size":3}`), "")
	wantKey(t, "excel of a malformed search", rsp, b, 400, "errorReduceSearchCriteria")
}
