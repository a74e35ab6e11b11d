package rpc_test

import (
	"context"
	"encoding/xml"
	"errors"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
)

func detailsPath(id int64, what string) string {
	return "/web/api/reports/shipments/" + idOf(id) + "/" + what
}

func TestReportShipmentDetailsOverREST(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	if _, err := a.pool.Exec(context.Background(), `UPDATE validated_shipment v SET fields = fields
		|| '{"poNumber":{"value":"PO-7"},"incoterm":{"value":"DAP"},"currency":{"value":"CHF"}}'::jsonb
		FROM shipment s WHERE s.validated_shipment_id = v.id AND s.id = $1`, a.pdfRow); err != nil {
		t.Fatal(err)
	}
	rsp, b := a.call(t, a.user(), "GET", detailsPath(a.pdfRow, "details"), "")
	got := decode[map[string]any](t, b)
	lines, _ := got["orderLines"].([]any)
	invoice, _ := got["invoice"].(map[string]any)
	if rsp.StatusCode != 200 || got["currency"] != "CHF" || len(lines) != 1 || got["identifier"] != "TR1" {
		t.Fatalf("details: %d %s", rsp.StatusCode, b)
	}
	line := lines[0].(map[string]any)["fields"].(map[string]any)
	if line["quantity"] != "2" || line["value"] != "10" || line["description"] != "goods" {
		t.Errorf("order line: %v", line)
	}
	if invoice["invoiceNumber"] != "INV-1" || invoice["poNumber"] != "PO-7" || invoice["incoterm"] != "DAP" || invoice["vat"] != "" {
		t.Errorf("invoice data: %v", invoice)
	}
	// No reason of export given: the field is left out, not REASON_OF_EXPORT_UNSPECIFIED.
	if v, present := invoice["reasonOfExport"]; present {
		t.Errorf("invoice data names a reason of export it lacks: %v", v)
	}
	noUnspecified(t, "details with invoice data", b)
	// A parcel (no batch) and a failed row have details too; customer service and admins see any customer's.
	for _, c := range []struct {
		bearer string
		id     int64
	}{{a.user(), a.zplRow}, {a.user(), a.failedRow}, {"ROLE_CUSTOMER_SERVICE", a.foreignRow}, {"ROLE_ADMIN", a.foreignRow}} {
		if rsp, b := a.call(t, c.bearer, "GET", detailsPath(c.id, "details"), ""); rsp.StatusCode != 200 {
			t.Errorf("%s details of %d: %d %s", c.bearer, c.id, rsp.StatusCode, b)
		} else {
			noUnspecified(t, "details without invoice data", b)
		}
	}
	// Another customer's shipment, a cancelled one and an unknown one do not exist for the caller.
	if _, err := a.pool.Exec(context.Background(), `UPDATE shipment SET state = 'CANCELLED' WHERE id = $1`, a.failedRow); err != nil {
		t.Fatal(err)
	}
	for name, id := range map[string]int64{"another customer's": a.foreignRow, "cancelled": a.failedRow, "unknown": a.foreignRow + 1000} {
		rsp, b := a.call(t, a.user(), "GET", detailsPath(id, "details"), "")
		wantKey(t, name, rsp, b, 404, "error.shipment.notFound")
	}
	rsp, b = a.call(t, "", "GET", detailsPath(a.pdfRow, "details"), "")
	wantKey(t, "anonymous", rsp, b, 401, "error.unauthenticated")
	for _, role := range []string{"ROLE_TRACKING", "ROLE_API:" + idOf(a.mine)} {
		rsp, b = a.call(t, role, "GET", detailsPath(a.pdfRow, "details"), "")
		wantKey(t, role, rsp, b, 403, "error.forbidden")
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/shipments/0/details", "")
	if rsp.StatusCode != 400 {
		t.Errorf("shipment 0: %d %s", rsp.StatusCode, b)
	}
}

func TestReportShipmentTrafficIsForAdmins(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	ctx := context.Background()
	for _, e := range []struct{ op, req, rsp string }{
		{"addAndPrint", `<?xml version="1.0"?><Envelope><Body>first</Body></Envelope>`, `<Envelope><Body>TR1</Body></Envelope>`},
		{"find", `<Envelope><Body>second</Body></Envelope>`, `<html>Bad gateway & more</html`},
	} {
		if _, err := a.pool.Exec(ctx, `INSERT INTO carrier_exchange (shipment_id, operation, request, response) VALUES ($1, $2, $3, $4)`,
			a.zplRow, e.op, e.req, e.rsp); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.pool.Exec(ctx, `INSERT INTO carrier_exchange (shipment_id, operation, request, response) VALUES ($1, 'addAndPrint', '<other/>', '<other/>')`,
		a.foreignRow); err != nil {
		t.Fatal(err)
	}
	rsp, b := a.call(t, "ROLE_ADMIN", "GET", detailsPath(a.zplRow, "traffic")+"?kind=request", "")
	body := string(b)
	if rsp.StatusCode != 200 || !strings.HasPrefix(rsp.Header.Get("Content-Type"), "text/xml") ||
		!strings.Contains(body, `<traffic shipment="`+idOf(a.zplRow)+`" kind="request">`) ||
		strings.Index(body, "first") > strings.Index(body, "second") || strings.Contains(body, "other") {
		t.Fatalf("requests: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, "ROLE_SUPERADMIN", "GET", detailsPath(a.zplRow, "traffic")+"?kind=response", "")
	if rsp.StatusCode != 200 || xml.Unmarshal(b, new(struct{})) != nil || !strings.Contains(string(b), "Bad gateway &amp; more") {
		t.Errorf("responses (well-formed, the HTML escaped): %d %s", rsp.StatusCode, b)
	}
	if !strings.Contains(rsp.Header.Get("Content-Disposition"), "shipment-"+idOf(a.zplRow)+"-responses.xml") {
		t.Errorf("file name: %s", rsp.Header.Get("Content-Disposition"))
	}
	// Each download is audited.
	if got := a.audits.Types(); !slices.Equal(got, []string{"TRAFFIC_DOWNLOADED", "TRAFFIC_DOWNLOADED"}) {
		t.Errorf("audit: %v", got)
	}
	// Not admins: refused, whoever's shipment it is; refusals are not audited as downloads.
	for _, role := range []string{a.user(), "ROLE_OPERATIONS", "ROLE_CUSTOMER_SERVICE"} {
		rsp, b = a.call(t, role, "GET", detailsPath(a.zplRow, "traffic")+"?kind=request", "")
		wantKey(t, role, rsp, b, 403, "error.forbidden")
	}
	if len(a.audits.Types()) != 2 {
		t.Errorf("refusals audited: %v", a.audits.Types())
	}
	rsp, _ = a.call(t, "ROLE_ADMIN", "GET", detailsPath(a.zplRow, "traffic")+"?kind=both", "")
	if rsp.StatusCode != 400 {
		t.Errorf("kind both: %d", rsp.StatusCode)
	}
	rsp, b = a.call(t, "ROLE_ADMIN", "GET", detailsPath(a.foreignRow+1000, "traffic")+"?kind=request", "")
	wantKey(t, "unknown shipment", rsp, b, 404, "error.shipment.notFound")
	// A shipment without traffic is an empty document.
	rsp, b = a.call(t, "ROLE_ADMIN", "GET", detailsPath(a.failedRow, "traffic")+"?kind=request", "")
	if rsp.StatusCode != 200 || strings.Contains(string(b), "<exchange") {
		t.Errorf("no traffic: %d %s", rsp.StatusCode, b)
	}
}

func TestReportDetailsOverConnect(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	client := portalv1connect.NewReportDetailsServiceClient(a.srv.Client(), a.srv.URL)
	as := func(bearer string, msg any) *connect.Request[portalv1.GetReportShipmentDetailsRequest] {
		req := connect.NewRequest(msg.(*portalv1.GetReportShipmentDetailsRequest))
		req.Header().Set("Authorization", "Bearer "+bearer)
		return req
	}
	rsp, err := client.GetReportShipmentDetails(context.Background(), as(a.user(), &portalv1.GetReportShipmentDetailsRequest{ShipmentId: a.pdfRow}))
	if err != nil || rsp.Msg.GetInvoice().GetInvoiceNumber() != "INV-1" || len(rsp.Msg.GetOrderLines()) != 1 || rsp.Msg.GetCurrency() != "EUR" {
		t.Fatalf("details: %v %v", rsp, err)
	}
	_, err = client.GetReportShipmentDetails(context.Background(), as(a.user(), &portalv1.GetReportShipmentDetailsRequest{ShipmentId: a.foreignRow}))
	if connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("another customer's: %v", err)
	}
	traffic := connect.NewRequest(&portalv1.DownloadReportShipmentTrafficRequest{ShipmentId: a.pdfRow, Kind: portalv1.TrafficKind_REQUEST})
	traffic.Header().Set("Authorization", "Bearer "+a.user())
	_, err = client.DownloadReportShipmentTraffic(context.Background(), traffic)
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodePermissionDenied {
		t.Errorf("a user's traffic: %v", err)
	}
	traffic.Header().Set("Authorization", "Bearer ROLE_ADMIN")
	got, err := client.DownloadReportShipmentTraffic(context.Background(), traffic)
	if err != nil || !strings.Contains(string(got.Msg.GetFile().GetData()), `<traffic shipment="`+idOf(a.pdfRow)+`"`) {
		t.Errorf("an admin's traffic: %v %v", got, err)
	}
}
