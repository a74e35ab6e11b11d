package rpc_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/core/customer"
)

func invoiceBody(number string, extra string, ids ...int64) string {
	list := make([]string, len(ids))
	for i, id := range ids {
		list[i] = idOf(id)
	}
	return `{"invoiceNumber":"` + number + `","incoterm":"DDP","reasonOfExport":"SAMPLES","vat":3,"duty":1.5,` +
		`"tobaccoTax":0.5,"freightPostage":2,"discountRebate":1,"poNumber":"PO-1","additionalComments":"certified",` +
		`"declarationStatement":"non-EU"` + extra + `,"shipmentIds":[` + strings.Join(list, ",") + `]}`
}

func crmQuery(number string, crmIDs ...string) string {
	return "/web/api/reports/checkInvoiceNumber?invoiceNumber=" + url.QueryEscape(number) +
		"&crmIds=" + url.QueryEscape(`["`+strings.Join(crmIDs, `","`)+`"]`)
}

// The invoice dialog's calls over REST and Connect: the gate's customers,
// the number check, the invoice stored once per number and CRM id and read
// back, each refusal with its key, and scope (another customer's shipment
// or invoice does not exist for the caller).
func TestCommercialInvoiceOverREST(t *testing.T) {
	t.Parallel()
	a := newReportsAPI(t)
	manifested := func(customerID int64, identifier, service string) int64 {
		return postgrestest.PutShipment(t, a.pool, postgrestest.Shipment{Customer: customerID, BatchStatus: "MANIFEST_CREATED",
			Receiver: "Heidi", Identifier: identifier, Service: service, Lines: [][2]string{{"2", "12.5"}}})
	}
	first, second := manifested(a.mine, "TR5", "CUP"), manifested(a.mine, "TR6", "CUP")
	returned := manifested(a.mine, "TR7", "RETPP")
	theirs := manifested(a.other, "TR8", "CUP")
	mineCRM, otherCRM := sellerCRMID(a.mine), sellerCRMID(a.other)

	// The customers of a selection, with their consents; a foreign shipment is 404.
	rsp, b := a.call(t, a.user(), "GET", "/web/api/reports/invoiceCustomers?shipmentIds="+idOf(first)+"&shipmentIds="+idOf(second), "")
	got := decode[[]map[string]any](t, b)
	if rsp.StatusCode != 200 || len(got) != 1 || idOf(got[0]["customerId"]) != idOf(a.mine) || got[0]["customerCrmid"] != mineCRM ||
		got[0]["gtcAccepted"] != true || got[0]["isChargeable"] != true || got[0]["sellerEori"] != "DE123" {
		t.Errorf("invoice customers: %d %s", rsp.StatusCode, b)
	}
	// The spec's Spring API took a list comma-separated: the same answer.
	for _, query := range []string{idOf(first) + "," + idOf(second), idOf(first) + "%2C" + idOf(second)} {
		rsp, b := a.call(t, a.user(), "GET", "/web/api/reports/invoiceCustomers?shipmentIds="+query, "")
		if again := decode[[]map[string]any](t, b); rsp.StatusCode != 200 || len(again) != 1 || idOf(again[0]["customerId"]) != idOf(a.mine) {
			t.Errorf("invoice customers of ?shipmentIds=%s: %d %s", query, rsp.StatusCode, b)
		}
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceCustomers?shipmentIds="+idOf(first)+","+idOf(theirs), "")
	wantKey(t, "customers of a comma list with a foreign shipment", rsp, b, 404, "error.shipment.notFound")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceCustomers?shipmentIds="+idOf(theirs), "")
	wantKey(t, "customers of a foreign shipment", rsp, b, 404, "error.shipment.notFound")

	// The number is free, then made (whitespace stripped), then taken.
	rsp, b = a.call(t, a.user(), "GET", crmQuery("INV 7", mineCRM), "")
	if rsp.StatusCode != 200 || strings.TrimSpace(string(b)) != "false" {
		t.Errorf("a free number: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", invoiceBody(" INV 7 ", "", first))
	if rsp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) ||
		!strings.Contains(rsp.Header.Get("Content-Disposition"), "commercial-invoice-INV7.pdf") {
		t.Fatalf("create: %d %s %.100s", rsp.StatusCode, rsp.Header.Get("Content-Disposition"), b)
	}
	rsp, b = a.call(t, a.user(), "GET", crmQuery("INV7", mineCRM), "")
	if rsp.StatusCode != 200 || strings.TrimSpace(string(b)) != "true" {
		t.Errorf("a taken number: %d %s", rsp.StatusCode, b)
	}
	// The same call again, and the number for other shipments: taken; the shipment with another number: invoiced.
	rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", invoiceBody(" INV 7 ", "", first))
	wantKey(t, "the same call again", rsp, b, 400, "error.invoice.invoiceNumberIsTaken")
	rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", invoiceBody("INV7", "", second))
	wantKey(t, "a taken number", rsp, b, 400, "error.invoice.invoiceNumberIsTaken")
	rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", invoiceBody("INV8", "", first))
	wantKey(t, "a shipment on an invoice", rsp, b, 400, "error.invoice.alreadyInvoiced")

	// Read back, scoped: over Connect the invoices with their headers, over REST (below) the
	// spec's list of shipments with order lines.
	details := connectDetails(t, a, "INV7")
	b, _ = json.Marshal(details)
	list, _ := details["invoices"].([]any)
	if len(list) != 1 {
		t.Fatalf("details: %s", b)
	}
	inv := list[0].(map[string]any)
	shipments, _ := inv["shipments"].([]any)
	if inv["invoiceNumber"] != "INV7" || inv["customerCrmid"] != mineCRM || inv["incoterm"] != "DDP" || inv["vat"] != float64(3) ||
		inv["duty"] != 1.5 || inv["tobaccoTax"] != 0.5 || inv["freightPostage"] != float64(2) || inv["discountRebate"] != float64(1) ||
		inv["subtotal"] != float64(25) || inv["total"] != float64(31) || inv["reasonOfExport"] != "SAMPLES" || inv["poNumber"] != "PO-1" ||
		inv["additionalComments"] != "certified" || inv["declarationStatement"] != "non-EU" || inv["createdBy"] == "" ||
		inv["createdAt"] == nil || len(shipments) != 1 || shipments[0].(map[string]any)["identifier"] != "TR5" {
		t.Errorf("details: %s", b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/shipments/commercial-invoice/INV7/details", "")
	if list := decode[[]map[string]any](t, b); rsp.StatusCode != 200 || len(list) != 1 || list[0]["identifier"] != "TR5" ||
		list[0]["currency"] == "" || len(list[0]["orderLines"].([]any)) == 0 {
		t.Errorf("REST details: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, "ROLE_USER:"+idOf(a.other), "GET", "/web/api/shipments/commercial-invoice/INV7/details", "")
	wantKey(t, "another customer's invoice", rsp, b, 404, "error.invoice.notFound")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/shipments/commercial-invoice/INV9/details", "")
	wantKey(t, "an unknown number", rsp, b, 404, "error.invoice.notFound")
	rsp, _ = a.call(t, "ROLE_CUSTOMER_SERVICE", "GET", "/web/api/shipments/commercial-invoice/INV7/details", "")
	if rsp.StatusCode != 200 {
		t.Errorf("customer service reads every customer's invoice: %d", rsp.StatusCode)
	}

	// The report row shows the stored invoice's number; its invoice download is the stored invoice.
	_, b = a.call(t, a.user(), "GET", "/web/api/reports?"+filterQuery(`{"searchCriteria":{"invoiceNumbers":["INV7"]}}`), "")
	rows, _ := decode[map[string]any](t, b)["rows"].([]any)
	if len(rows) != 1 || idOf(rows[0].(map[string]any)["shipmentId"]) != idOf(first) || rows[0].(map[string]any)["invoiceNumber"] != "INV7" {
		t.Errorf("report of INV7: %s", b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(first), "")
	if rsp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("the stored invoice's download: %d %.100s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/invoiceByIds?shipmentIds="+idOf(first)+"&shipmentIds="+idOf(second), "")
	wantKey(t, "stored invoice mixed with none", rsp, b, 400, "error.dontMixCommercialInvoicesChoice")

	// Refusals: scope, state, fields.
	for name, c := range map[string]struct {
		body   string
		status int
		key    string
	}{
		"a foreign shipment":  {invoiceBody("INV10", "", second, theirs), 404, "error.shipment.notFound"},
		"a return":            {invoiceBody("INV10", "", returned), 400, "error.invoice.notInvoiceable"},
		"not manifested":      {invoiceBody("INV10", "", a.failedRow), 400, "error.invoice.notInvoiceable"},
		"a parcel still sent": {invoiceBody("INV10", "", a.zplRow), 400, "error.invoice.notInvoiceable"},
		"no number":           {invoiceBody("  ", "", second), 400, "error.validation"},
		"an unknown incoterm": {strings.Replace(invoiceBody("INV10", "", second), `"DDP"`, `"CIF"`, 1), 400, "error.validation"},
		"an unknown reason":   {strings.Replace(invoiceBody("INV10", "", second), `"SAMPLES"`, `"GIFT"`, 1), 400, "error.validation"},
		"a negative amount":   {strings.Replace(invoiceBody("INV10", "", second), `"vat":3`, `"vat":-3`, 1), 400, "error.validation"},
		"no shipments":        {invoiceBody("INV10", ""), 400, "error.validation"},
	} {
		rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", c.body)
		wantKey(t, name, rsp, b, c.status, c.key)
	}
	// The consent gate: a step skipped is refused with its key.
	for key, change := range map[string]func(*customer.Customer){
		"error.invoice.gtcNotAccepted":     func(c *customer.Customer) { c.GTC.Accepted = false },
		"error.invoice.pricingNotAccepted": func(c *customer.Customer) { c.CIPricing.Accepted = false },
		"error.invoice.sellerEoriMissing":  func(c *customer.Customer) { c.SellerEORI = "" },
	} {
		*a.consents = change
		rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", invoiceBody("INV10", "", second))
		wantKey(t, key, rsp, b, 400, key)
		if !strings.Contains(string(b), idOf(a.mine)) {
			t.Errorf("%s names no customer: %s", key, b)
		}
	}
	*a.consents = nil
	// DAP: duty, VAT and tobacco tax are the receiver's.
	rsp, b = a.call(t, a.user(), "POST", "/web/api/reports/invoice", strings.Replace(invoiceBody("INV10", "", second), `"DDP"`, `"DAP"`, 1))
	if rsp.StatusCode != 200 {
		t.Fatalf("DAP invoice: %d %s", rsp.StatusCode, b)
	}
	if inv := connectDetails(t, a, "INV10")["invoices"].([]any)[0].(map[string]any); inv["vat"] != float64(0) || inv["duty"] != float64(0) || inv["total"] != float64(26) {
		t.Errorf("DAP details: %v", inv)
	}

	// The number check's scope and input.
	rsp, b = a.call(t, a.user(), "GET", crmQuery("INV7", otherCRM), "")
	wantKey(t, "another customer's CRM id", rsp, b, 404, "error.customerNotFound")
	rsp, b = a.call(t, a.user(), "GET", "/web/api/reports/checkInvoiceNumber?invoiceNumber=INV7&crmIds="+url.QueryEscape("{"), "")
	wantKey(t, "crmIds not a JSON array", rsp, b, 400, "error.invoice.crmIds")
	rsp, b = a.call(t, "ROLE_ADMIN", "GET", crmQuery("INV7", otherCRM, mineCRM), "")
	if rsp.StatusCode != 200 || strings.TrimSpace(string(b)) != "true" {
		t.Errorf("admin, two CRM ids: %d %s", rsp.StatusCode, b)
	}

	// Over Connect.
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/CheckInvoiceNumber", `{"invoiceNumber":"INV 10","crmIds":"[\"`+mineCRM+`\"]"}`)
	if rsp.StatusCode != 200 || !strings.Contains(string(b), `"taken":true`) {
		t.Errorf("connect check: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/CreateCommercialInvoice", invoiceBody("INV10", "", second))
	if rsp.StatusCode != 400 || !strings.Contains(string(b), "error.invoice.invoiceNumberIsTaken") {
		t.Errorf("connect create refusal: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetCommercialInvoiceDetails", `{"invoiceNumber":"INV7"}`)
	if rsp.StatusCode != 200 || !strings.Contains(string(b), `"TR5"`) {
		t.Errorf("connect details: %d %s", rsp.StatusCode, b)
	}

	// Over Connect the answer names the gate's next step, as core/invoice decides it; the REST
	// answer stays the spec's list of customers.
	*a.consents = func(c *customer.Customer) { c.SellerEORI = "" }
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetInvoiceCustomers", `{"shipmentIds":["`+idOf(second)+`"]}`)
	if gate := decode[map[string]any](t, b); rsp.StatusCode != 200 || gate["nextStep"] != "SELLER_EORI" ||
		fmt.Sprint(gate["nextStepCustomerIds"]) != fmt.Sprint([]any{idOf(a.mine)}) {
		t.Errorf("connect customers with the EORI missing: %d %s", rsp.StatusCode, b)
	}
	*a.consents = nil
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetInvoiceCustomers", `{"shipmentIds":["`+idOf(second)+`"]}`)
	if gate := decode[map[string]any](t, b); rsp.StatusCode != 200 || gate["nextStep"] != "INVOICE_GATE_STEP_UNSPECIFIED" {
		t.Errorf("connect customers past the gate: %d %s", rsp.StatusCode, b)
	}
	// The form's defaults come with the customers: the EU declaration only when every destination
	// stays inside the customs union (the Canary Islands do not); under DAP duty and taxes are the receiver's.
	to := func(country, postalCode string) int64 {
		return postgrestest.PutShipment(t, a.pool, postgrestest.Shipment{Customer: a.mine, BatchStatus: "MANIFEST_CREATED",
			Receiver: "Ines", Destination: country, PostalCode: postalCode, Service: "CUP"})
	}
	vienna, madrid, canaries := to("AT", "1010"), to("ES", "28001"), to("ES", "35001")
	for _, c := range []struct {
		ids    []int64
		inside bool
	}{{[]int64{vienna, madrid}, true}, {[]int64{vienna, canaries}, false}, {[]int64{second}, false}} {
		list := make([]string, len(c.ids))
		for i, id := range c.ids {
			list[i] = `"` + idOf(id) + `"`
		}
		rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetInvoiceCustomers", `{"shipmentIds":[`+strings.Join(list, ",")+`]}`)
		d, _ := decode[map[string]any](t, b)["defaults"].(map[string]any)
		if rsp.StatusCode != 200 || d["insideCustomsUnion"] != c.inside || d["incoterm"] != "DAP" ||
			d["reasonOfExport"] != "SALE_OF_GOODS_PERMANENT" || !strings.Contains(fmt.Sprint(d["additionalComments"]), "I hereby certify") ||
			!strings.Contains(fmt.Sprint(d["euDeclaration"]), "EU preferential origin") ||
			!strings.Contains(fmt.Sprint(d["nonEuDeclaration"]), "exported from the European Union") ||
			fmt.Sprint(d["receiverAmounts"]) != "[map[amounts:[VAT TOBACCO_TAX DUTY] incoterm:DAP]]" {
			t.Errorf("defaults of %v: %d %s", c.ids, rsp.StatusCode, b)
		}
	}
	// The number check answers the number as an invoice stores it; over REST the answer stays the boolean.
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/CheckInvoiceNumber",
		`{"invoiceNumber":" INV\t8 ","crmIds":"[\"`+mineCRM+`\"]"}`)
	if got := decode[map[string]any](t, b); rsp.StatusCode != 200 || got["invoiceNumber"] != "INV8" || got["taken"] != false {
		t.Errorf("connect check of a number with whitespace: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", crmQuery(" INV 8 ", mineCRM), "")
	if rsp.StatusCode != 200 || strings.TrimSpace(string(b)) != "false" {
		t.Errorf("REST check of a number with whitespace: %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetInvoiceCustomers", `{"shipmentIds":["`+idOf(theirs)+`"]}`)
	if rsp.StatusCode != 404 || !strings.Contains(string(b), "error.shipment.notFound") {
		t.Errorf("connect customers of a foreign shipment: %d %s", rsp.StatusCode, b)
	}

	// Who may call.
	for _, bearer := range []string{"ROLE_TRACKING:" + idOf(a.mine), "ROLE_API:" + idOf(a.mine)} {
		rsp, b = a.call(t, bearer, "POST", "/web/api/reports/invoice", invoiceBody("INV11", "", second))
		wantKey(t, bearer, rsp, b, 403, "error.forbidden")
		rsp, b = a.call(t, bearer, "GET", crmQuery("INV7", mineCRM), "")
		wantKey(t, bearer+" check", rsp, b, 403, "error.forbidden")
	}
	rsp, _ = a.call(t, "", "GET", "/web/api/shipments/commercial-invoice/INV7/details", "")
	if rsp.StatusCode != 401 {
		t.Errorf("anonymous details: %d", rsp.StatusCode)
	}
}

// connectDetails reads the invoices of a number over Connect, as JSON.
func connectDetails(t *testing.T, a reportsAPI, number string) map[string]any {
	t.Helper()
	rsp, b := a.call(t, a.user(), "POST", "/portal.v1.ReportService/GetCommercialInvoiceDetails", `{"invoiceNumber":"`+number+`"}`)
	if rsp.StatusCode != 200 {
		t.Fatalf("details of %s: %d %s", number, rsp.StatusCode, b)
	}
	return decode[map[string]any](t, b)
}
