package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	carriersoap "parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/demo"
	"parcelportal/core/carrier"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// parcelPortal serves ParcelService over the demo database as main wires
// it, labelling through a carrier simulator of its own whose /stats the
// test reads over HTTP.
type parcelPortal struct {
	t       testing.TB
	db      demoDatabase
	srv     *httptest.Server
	sim     *simulator.Simulator
	simURL  string
	bakery  int64
	garden  int64
	carrier carrier.Carrier
}

func newParcelPortal(t testing.TB, opts ...simulator.Option) parcelPortal {
	t.Helper()
	db := newDemoDatabase(t)
	sim := simulator.New(opts...)
	simSrv := httptest.NewServer(sim)
	t.Cleanup(simSrv.Close)
	client := carriersoap.New(simSrv.URL + "/shipping")
	side := carrierSide{client: client}
	svc := parcelsOf(db.pool, postgres.Customers{Pool: db.pool, Sealer: db.box}, side)
	api, err := rpc.NewAPI(rpc.Handlers{Parcels: rpc.ParcelHandler{Parcels: svc}, Callers: bearers{}}, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return parcelPortal{t: t, db: db, srv: srv, sim: sim, simURL: simSrv.URL, carrier: client,
		bakery: db.customer(t, demo.BakeryCRMID), garden: db.customer(t, demo.GardenCRMID)}
}

// as is a caller: ROLE:customer.
func (p parcelPortal) as(role string, customerID int64) string {
	return role + ":" + strconv.FormatInt(customerID, 10)
}

// rest calls the REST facade and answers the status, the message key of a
// refusal (or "") and the body.
func (p parcelPortal) rest(bearer, method, path, body string) (int, string, []byte) {
	p.t.Helper()
	req, _ := http.NewRequest(method, p.srv.URL+path, strings.NewReader(body))
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rsp, err := p.srv.Client().Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer rsp.Body.Close()
	b, _ := io.ReadAll(rsp.Body)
	key := ""
	if rsp.StatusCode != http.StatusOK {
		key = answerKey(rsp, b)
	}
	return rsp.StatusCode, key, b
}

// ok calls REST and fails the test on anything but 200; it decodes JSON.
func (p parcelPortal) ok(bearer, method, path, body string) map[string]any {
	p.t.Helper()
	status, key, b := p.rest(bearer, method, path, body)
	if status != http.StatusOK {
		p.t.Fatalf("%s %s = %d %s %s", method, path, status, key, b)
	}
	out := map[string]any{}
	if len(b) > 0 && b[0] == '{' {
		if err := json.Unmarshal(b, &out); err != nil {
			p.t.Fatal(err)
		}
	}
	return out
}

// refused expects a refusal with the status and key.
func (p parcelPortal) refused(bearer, method, path, body string, status int, key string) {
	p.t.Helper()
	got, gotKey, b := p.rest(bearer, method, path, body)
	if got != status || gotKey != key {
		p.t.Errorf("%s %s = %d %q, want %d %q: %s", method, path, got, gotKey, status, key, b)
	}
}

func (p parcelPortal) stats() simulator.Stats {
	p.t.Helper()
	rsp, err := http.Get(p.simURL + "/stats")
	if err != nil {
		p.t.Fatal(err)
	}
	defer rsp.Body.Close()
	var st simulator.Stats
	if err := json.NewDecoder(rsp.Body).Decode(&st); err != nil {
		p.t.Fatal(err)
	}
	return st
}

// form is a parcel form valid for the demo bakery: to Germany, or with
// customs lines to the United States.
func form(name string, abroad bool) string {
	if abroad {
		return fmt.Sprintf(`{"name":%q,"street":"Fifth Avenue","no":"1","postalcode":"10118","city":"New York","isoCountry":"US",
			"referencenumber":"REF-%s","weight":"1,6","format":"B","product":"EPAQSCT","service":"CPP","options":"SIGN",
			"content":"Baked goods","currency":"EUR","phone":"+1 212 555","orderLines":[{"articleNumber":"ST-750","hstarifnumber":"190590",
			"origincountry":"DE","description":"Christstollen","quantity":"1","weight":"0,75","value":"18,50"}]}`, name, name)
	}
	return fmt.Sprintf(`{"name":%q,"street":"Hauptstraße","no":"1","postalcode":"10115","city":"Berlin","isoCountry":"DE",
		"referencenumber":"REF-%s","weight":"1,6","format":"B","product":"EPAQSTD","service":"CUP","options":"SIGN"}`, name, name)
}

// create makes a parcel through REST and answers its id.
func (p parcelPortal) create(bearer string, customerID int64, name string, abroad bool) string {
	p.t.Helper()
	got := p.ok(bearer, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", customerID),
		`{"labelType":"PDF","csvShipmentDTO":`+form(name, abroad)+`}`)
	id := fmt.Sprint(got["parcelId"])
	if id == "" || id == "<nil>" {
		p.t.Fatalf("create = %v", got)
	}
	return id
}

func (p parcelPortal) rows(bearer string, query string) []map[string]any {
	p.t.Helper()
	status, key, b := p.rest(bearer, "GET", "/web/api/parcels?"+query, "")
	if status != http.StatusOK {
		p.t.Fatalf("list %s = %d %s", query, status, key)
	}
	var rows []map[string]any
	if err := json.Unmarshal(b, &rows); err != nil {
		p.t.Fatalf("list = %s", b)
	}
	return rows
}

// gather puts a parcel into a 'Single Parcels' batch of the status, as a
// manifest of parcels does.
func (p parcelPortal) gather(id, status string) {
	p.t.Helper()
	_, err := p.db.pool.Exec(context.Background(), `
		WITH b AS (INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by)
			SELECT customer_id, 'Single Parcels', '', $2, 'test' FROM validated_shipment WHERE id = $1 RETURNING id)
		UPDATE validated_shipment SET batch_id = (SELECT id FROM b) WHERE id = $1`, id, status)
	if err != nil {
		p.t.Fatal(err)
	}
}

// TestParcelLabelFlowOverREST follows spec 2 section 4.5 through the REST
// paths: validate, create, label, download, list, label again (the first
// label voided), edit, delete (the label cancelled at the carrier).
func TestParcelLabelFlowOverREST(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)

	// Validation answers each violation as a key with attributes on its field.
	bad := strings.Replace(form("Anna", false), `"postalcode":"10115"`, `"postalcode":""`, 1)
	bad = strings.Replace(bad, `"name":"Anna"`, `"name":"`+strings.Repeat("N", 60)+`"`, 1)
	checked := p.ok(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels/_validate", p.bakery), bad)["validatedShipment"].(map[string]any)
	fields := checked["fields"].(map[string]any)
	violation := func(field string) map[string]any {
		vs, _ := fields[field].(map[string]any)["violations"].([]any)
		if len(vs) == 0 {
			t.Fatalf("%s has no violation: %v", field, fields[field])
		}
		return vs[0].(map[string]any)
	}
	if checked["valid"] == true || violation("postalcode")["message"] != shipment.KeyMandatory ||
		violation("name")["message"] != shipment.KeyMaxLength || violation("name")["attributes"].(map[string]any)["max"] == nil {
		t.Fatalf("validation = %v", checked)
	}
	good := p.ok(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels/_validate", p.bakery), form("Anna", true))["validatedShipment"].(map[string]any)
	if good["valid"] != true || good["fields"].(map[string]any)["phone"].(map[string]any)["value"] != "+1 212 555" {
		t.Fatalf("valid form = %v", good)
	}
	// An invalid parcel is not created.
	p.refused(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), `{"csvShipmentDTO":`+bad+`}`, 400, parcel.KeyInvalid)

	id := p.create(user, p.bakery, "Anna", true)
	// An unlabelled parcel's row has no status, label type or API client yet: those fields are left out, as
	// "" was before the contract had enums, never "*_UNSPECIFIED" (issue 23).
	if _, _, listed := p.rest(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d", p.bakery), ""); bytes.Contains(listed, []byte("_UNSPECIFIED")) ||
		!bytes.Contains(listed, []byte(`"uuid"`)) {
		t.Errorf("an unlabelled parcel's row = %s", listed)
	}
	if _, _, detail := p.rest(user, "GET", "/web/api/parcels/"+id, ""); bytes.Contains(detail, []byte("_UNSPECIFIED")) {
		t.Errorf("an unlabelled parcel = %s", detail)
	}
	labelled := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")
	if errs, _ := labelled["errors"].([]any); len(errs) != 0 || labelled["identifier"] == nil {
		t.Fatalf("label = %v", labelled)
	}
	status, _, label := p.rest(user, "GET", "/web/api/parcels/"+id+"/label", "")
	if pages, err := pdf.PageSizes(label); status != 200 || err != nil || len(pages) != 1 {
		t.Fatalf("label download: %d, %d pages, %v", status, len(pages), err)
	}
	status, _, customs := p.rest(user, "GET", "/web/api/parcels/"+id+"/customs-declarations", "")
	if _, err := pdf.PageSizes(customs); status != 200 || err != nil {
		t.Fatalf("customs download: %d %v", status, err)
	}
	rows := p.rows(user, fmt.Sprintf("customerId=%d", p.bakery))
	if len(rows) != 1 || rows[0]["status"] != "DONE" || rows[0]["hasLabel"] != true || rows[0]["hasCustomsDoc"] != true ||
		rows[0]["selectable"] != true || rows[0]["receiverName"] != "Anna" || rows[0]["source"] != "INDIVIDUAL_PARCEL" ||
		rows[0]["sequenceNumber"] != labelled["identifier"] || rows[0]["destination"] != "US" {
		t.Fatalf("rows = %v", rows)
	}

	// A second label call voids the first label and makes a new one.
	again := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")
	if again["identifier"] == labelled["identifier"] {
		t.Fatalf("second label = %v", again)
	}
	st := p.stats()
	if st.Issued["p"+id+"-a1"] != 1 || st.Issued["p"+id+"-a2"] != 1 || st.Cancels != 1 || st.Duplicates != 0 {
		t.Fatalf("stats after two labels = %+v", st)
	}

	// Edit: the stored values come back checked; the read shows them.
	edited := p.ok(user, "PUT", "/web/api/parcels/"+id, strings.Replace(form("Anna", true), `"city":"New York"`, `"city":"Brooklyn"`, 1))
	if edited["validatedShipment"].(map[string]any)["fields"].(map[string]any)["city"].(map[string]any)["value"] != "Brooklyn" {
		t.Fatalf("edited = %v", edited)
	}
	detail := p.ok(user, "GET", "/web/api/parcels/"+id, "")
	if detail["csvShipmentDTO"].(map[string]any)["city"] != "Brooklyn" || detail["labelType"] != "PDF" ||
		len(detail["csvShipmentDTO"].(map[string]any)["orderLines"].([]any)) != 1 || detail["parcel"].(map[string]any)["editable"] != true {
		t.Fatalf("detail = %v", detail)
	}

	// Delete cancels the live label at the carrier first; then the parcel is gone.
	p.ok(user, "DELETE", "/web/api/parcels/"+id, "")
	if st := p.stats(); st.Cancels != 2 {
		t.Fatalf("cancels after delete = %d", st.Cancels)
	}
	p.refused(user, "GET", "/web/api/parcels/"+id, "", 404, parcel.KeyNotFound)
	p.refused(user, "DELETE", "/web/api/parcels/"+id, "", 404, parcel.KeyNotFound)

	// A parcel without a label is deleted without asking the carrier.
	plain := p.create(user, p.bakery, "Bert", false)
	p.refused(user, "GET", "/web/api/parcels/"+plain+"/label", "", 404, parcel.KeyNoLabel)
	p.ok(user, "POST", "/web/api/parcels/"+plain+"/label", "")
	p.refused(user, "GET", "/web/api/parcels/"+plain+"/customs-declarations", "", 404, parcel.KeyNoCustomsDoc)
	p.ok(user, "DELETE", "/web/api/parcels/"+plain, "")
	if st := p.stats(); st.Cancels != 3 {
		t.Fatalf("cancels = %d", st.Cancels)
	}
}

// TestParcelZPLLabelIsText: a Zebra parcel's label downloads as ZPL text.
func TestParcelZPLLabelIsText(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	// Zebra300: the label a 300 dpi printer's user asks for, drawn at 300 dpi.
	for _, labelType := range []string{"Zebra", "Zebra300"} {
		got := p.ok(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), `{"labelType":"`+labelType+`","csvShipmentDTO":`+form("Zed", false)+`}`)
		id := fmt.Sprint(got["parcelId"])
		p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")
		req, _ := http.NewRequest("GET", p.srv.URL+"/web/api/parcels/"+id+"/label", nil)
		req.Header.Set("Authorization", "Bearer "+user)
		rsp, err := p.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rsp.Body)
		_ = rsp.Body.Close()
		if !bytes.HasPrefix(b, []byte("^XA")) || !strings.Contains(rsp.Header.Get("Content-Disposition"), ".zpl") {
			t.Fatalf("%s label = %q, %q", labelType, b[:min(20, len(b))], rsp.Header.Get("Content-Disposition"))
		}
	}
	p.refused(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), `{"labelType":"Zebra600","csvShipmentDTO":`+form("Zed", false)+`}`, 400, parcel.KeyLabelType)
}

// TestParcelScopingAndRefusals: another customer's parcel does not exist
// for the caller; every refusal answers its key and changes nothing.
func TestParcelScopingAndRefusals(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	stranger := p.as("ROLE_USER", p.garden)
	id := p.create(user, p.bakery, "Anna", false)
	p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")

	for _, c := range []struct{ method, path, body string }{
		{"GET", "/web/api/parcels/" + id, ""},
		{"PUT", "/web/api/parcels/" + id, form("Eve", false)},
		{"POST", "/web/api/parcels/" + id + "/label", ""},
		{"GET", "/web/api/parcels/" + id + "/label", ""},
		{"GET", "/web/api/parcels/" + id + "/customs-declarations", ""},
		{"DELETE", "/web/api/parcels/" + id, ""},
	} {
		p.refused(stranger, c.method, c.path, c.body, 404, parcel.KeyNotFound)
	}
	for _, c := range []struct{ method, path, body string }{
		{"GET", fmt.Sprintf("/web/api/parcels?customerId=%d", p.bakery), ""},
		{"POST", fmt.Sprintf("/web/api/customers/%d/parcels/_validate", p.bakery), form("Eve", false)},
		{"POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), `{"csvShipmentDTO":` + form("Eve", false) + `}`},
	} {
		p.refused(stranger, c.method, c.path, c.body, 404, "error.customerNotFound")
	}
	if st := p.stats(); st.Labels != 1 || st.Cancels != 0 {
		t.Fatalf("a stranger reached the carrier: %+v", st)
	}
	if rows := p.rows(stranger, fmt.Sprintf("customerId=%d", p.garden)); len(rows) != 0 {
		t.Fatalf("the stranger's list = %v", rows)
	}

	// Roles: anonymous 401, tracking-only and customer service 403, bulk delete admins only.
	p.refused("", "GET", "/web/api/parcels/"+id, "", 401, "error.unauthenticated")
	p.refused(p.as("ROLE_TRACKING", p.bakery), "GET", "/web/api/parcels/"+id, "", 403, "error.forbidden")
	p.refused(p.as("ROLE_CUSTOMER_SERVICE", p.bakery), "GET", fmt.Sprintf("/web/api/parcels?customerId=%d", p.bakery), "", 403, "error.forbidden")
	p.refused(user, "POST", "/web/api/parcels/_bulk-delete", `{"ids":["`+id+`"]}`, 403, "error.forbidden")

	// Paging and filters.
	p.refused(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d&pageSize=5", p.bakery), "", 400, parcel.KeyPage)
	p.refused(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d&pageSize=1001", p.bakery), "", 400, parcel.KeyPage)
	p.refused(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d&page=-1", p.bakery), "", 400, parcel.KeyPage)
	p.refused(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d&manifestFilter=SOME", p.bakery), "", 400, parcel.KeyFilter)
	p.refused(user, "GET", fmt.Sprintf("/web/api/parcels?customerId=%d&parcelSourceFilter=BATCH", p.bakery), "", 400, parcel.KeyFilter)
	p.refused(user, "GET", "/web/api/parcels", "", 400, "error.csvShipment.message.chooseCustomer")

	// A manifested parcel is not edited, labelled or deleted, and is not selectable.
	p.gather(id, parcel.ManifestCreated)
	p.refused(user, "PUT", "/web/api/parcels/"+id, form("Anna", false), 400, parcel.KeyManifested)
	p.refused(user, "POST", "/web/api/parcels/"+id+"/label", "", 400, parcel.KeyManifested)
	p.refused(user, "DELETE", "/web/api/parcels/"+id, "", 400, parcel.KeyManifested)
	rows := p.rows(user, fmt.Sprintf("customerId=%d&manifestFilter=MANIFESTED", p.bakery))
	if len(rows) != 1 || rows[0]["selectable"] != false || rows[0]["editable"] != false || rows[0]["deletable"] != false ||
		rows[0]["status"] != parcel.ManifestCreated || rows[0]["csvShipmentId"] == nil || rows[0]["manifestId"] != rows[0]["csvShipmentId"] {
		t.Fatalf("manifested rows = %v", rows)
	}
	if rows := p.rows(user, fmt.Sprintf("customerId=%d&manifestFilter=NOT_MANIFESTED", p.bakery)); len(rows) != 0 {
		t.Fatalf("not manifested = %v", rows)
	}
	// The filters are enums now; a script's lower-case name is read as before (core upper-cased it).
	if rows := p.rows(user, fmt.Sprintf("customerId=%d&manifestFilter=manifested", p.bakery)); len(rows) != 1 {
		t.Fatalf("manifestFilter=manifested = %v", rows)
	}
	if rows := p.rows(user, fmt.Sprintf("customerId=%d&manifestFilter=", p.bakery)); len(rows) != 1 {
		t.Fatalf("manifestFilter= (ALL) = %v", rows)
	}
	if st := p.stats(); st.Labels != 1 || st.Cancels != 0 {
		t.Fatalf("a refused call reached the carrier: %+v", st)
	}

	// Malformed and oversized input changes nothing.
	before := len(p.rows(user, fmt.Sprintf("customerId=%d", p.bakery)))
	for _, body := range []string{`{"csvShipmentDTO":`, `[]`, `{"csvShipmentDTO":{"name":7}}`, `{"csvShipmentDTO":{"orderLines":"x"}}`} {
		if status, _, b := p.rest(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), body); status != 400 {
			t.Errorf("malformed %s = %d %s", body, status, b)
		}
	}
	lines := strings.Repeat(`{"description":"x"},`, 100)
	p.refused(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery),
		`{"csvShipmentDTO":{"orderLines":[`+strings.TrimSuffix(lines, ",")+`]}}`, 400, "error.validation")
	huge := `{"csvShipmentDTO":{"name":"` + strings.Repeat("x", 2<<20) + `"}}`
	if status, _, _ := p.rest(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), huge); status != 413 && status != 400 {
		t.Errorf("oversized body = %d", status)
	}
	if after := len(p.rows(user, fmt.Sprintf("customerId=%d", p.bakery))); after != before {
		t.Fatalf("refused input stored parcels: %d then %d", before, after)
	}
}

// TestAPIParcelsAndAdminFilters: a ROLE_API login makes API parcels; the
// source filter finds them; the API-client filter is admins' only; admins
// bulk delete.
func TestAPIParcelsAndAdminFilters(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	api := p.as("ROLE_API", p.bakery)
	admin := p.as("ROLE_ADMIN", 0)
	mine := p.create(user, p.bakery, "Anna", false)
	theirs := p.create(api, p.bakery, "Bert", false)
	manifested := p.create(user, p.bakery, "Carl", false)
	p.gather(manifested, parcel.ManifestCreating)

	rows := p.rows(user, fmt.Sprintf("customerId=%d&parcelSourceFilter=API_PARCEL", p.bakery))
	if len(rows) != 1 || fmt.Sprint(rows[0]["id"]) != theirs || rows[0]["source"] != "API_PARCEL" {
		t.Fatalf("API parcels = %v", rows)
	}
	if rows := p.rows(user, fmt.Sprintf("customerId=%d", p.bakery)); len(rows) != 3 || fmt.Sprint(rows[0]["id"]) != manifested {
		t.Fatalf("newest first = %v", rows)
	}
	// A user's API-client filter is ignored; an admin's selects.
	if rows := p.rows(user, fmt.Sprintf("customerId=%d&apiClientFilter=A1", p.bakery)); len(rows) != 3 {
		t.Fatalf("user's client filter = %d rows", len(rows))
	}
	if rows := p.rows(admin, fmt.Sprintf("customerId=%d&apiClientFilter=A1", p.bakery)); len(rows) != 0 {
		t.Fatalf("admin's A1 filter = %d rows", len(rows))
	}
	if rows := p.rows(admin, fmt.Sprintf("customerId=%d&apiClientFilter=SHIPPING&pageSize=10", p.bakery)); len(rows) != 3 {
		t.Fatalf("admin's SHIPPING filter = %d rows", len(rows))
	}
	got := p.ok(admin, "POST", "/web/api/parcels/_bulk-delete", fmt.Sprintf(`{"ids":["%s","%s","%s","999999","%s"]}`, mine, theirs, manifested, mine))
	deleted, _ := got["deletedIds"].([]any)
	failed, _ := got["errors"].([]any)
	if len(deleted) != 2 || len(failed) != 2 {
		t.Fatalf("bulk delete = %v", got)
	}
	keys := []string{failed[0].(map[string]any)["message"].(string), failed[1].(map[string]any)["message"].(string)}
	if keys[0] != parcel.KeyManifested || keys[1] != parcel.KeyNotFound {
		t.Fatalf("bulk delete failures = %v", keys)
	}
	p.refused(admin, "POST", "/web/api/parcels/_bulk-delete", `{"ids":[]}`, 400, "error.validation")
}

// TestParcelOverConnect: the same calls through the generated Connect client.
func TestParcelOverConnect(t *testing.T) {
	p := newParcelPortal(t)
	client := portalv1connect.NewParcelServiceClient(p.srv.Client(), p.srv.URL)
	ctx := context.Background()
	bearer := func(msg any, who string) {
		msg.(interface{ Header() http.Header }).Header().Set("Authorization", "Bearer "+who)
	}
	user := p.as("ROLE_USER", p.bakery)
	dto := &portalv1.CsvShipmentDto{Name: "Anna", Street: "Hauptstraße", No: "1", Postalcode: "10115", City: "Berlin", IsoCountry: "DE",
		Referencenumber: "R-1", Weight: "1,6", Format: "B", Product: "EPAQSTD", Service: "CUP", Options: "SIGN"}

	vreq := connect.NewRequest(&portalv1.ValidateParcelRequest{CustomerId: p.bakery, CsvShipmentDto: dto})
	bearer(vreq, user)
	v, err := client.ValidateParcel(ctx, vreq)
	if err != nil || !v.Msg.GetValidatedShipment().GetValid() {
		t.Fatalf("validate = %v, %v", v, err)
	}
	creq := connect.NewRequest(&portalv1.CreateParcelRequest{CustomerId: p.bakery, LabelType: portalv1.LabelType_PDF, CsvShipmentDto: dto})
	bearer(creq, user)
	c, err := client.CreateParcel(ctx, creq)
	if err != nil || c.Msg.GetParcelId() == 0 {
		t.Fatalf("create = %v, %v", c, err)
	}
	id := c.Msg.GetParcelId()
	lreq := connect.NewRequest(&portalv1.LabelParcelRequest{Id: id})
	bearer(lreq, user)
	l, err := client.LabelParcel(ctx, lreq)
	if err != nil || len(l.Msg.GetErrors()) != 0 || l.Msg.GetIdentifier() == "" {
		t.Fatalf("label = %v, %v", l, err)
	}
	dreq := connect.NewRequest(&portalv1.DownloadParcelLabelRequest{ParcelId: id})
	bearer(dreq, user)
	d, err := client.DownloadParcelLabel(ctx, dreq)
	if err != nil || d.Msg.GetFile().GetContentType() != "application/pdf" {
		t.Fatalf("download = %v", err)
	}
	listReq := connect.NewRequest(&portalv1.ListParcelsRequest{CustomerId: p.bakery, ManifestFilter: portalv1.ParcelManifestFilter_NOT_MANIFESTED})
	bearer(listReq, user)
	list, err := client.ListParcels(ctx, listReq)
	if err != nil || list.Msg.GetTotalCount() != 1 || list.Msg.GetParcels()[0].GetSequenceNumber() != l.Msg.GetIdentifier() ||
		list.Header().Get("X-Total-Count") != "1" {
		t.Fatalf("list = %v, %v", list, err)
	}
	greq := connect.NewRequest(&portalv1.GetParcelRequest{Id: id})
	bearer(greq, p.as("ROLE_USER", p.garden))
	if _, err := client.GetParcel(ctx, greq); connect.CodeOf(err) != connect.CodeNotFound {
		t.Fatalf("stranger's get = %v", err)
	}
	ureq := connect.NewRequest(&portalv1.UpdateParcelRequest{Id: id, CsvShipmentDto: &portalv1.CsvShipmentDto{Name: "Anna"}})
	bearer(ureq, user)
	u, err := client.UpdateParcel(ctx, ureq)
	if err != nil || u.Msg.GetValidatedShipment().GetValid() {
		t.Fatalf("an incomplete update = %v, %v", u, err)
	}
	// An invalid parcel is not labelled.
	lreq = connect.NewRequest(&portalv1.LabelParcelRequest{Id: id})
	bearer(lreq, user)
	if _, err := client.LabelParcel(ctx, lreq); connect.CodeOf(err) != connect.CodeFailedPrecondition && connect.CodeOf(err) != connect.CodeAborted {
		t.Fatalf("label of an invalid parcel = %v", err)
	}
	xreq := connect.NewRequest(&portalv1.DeleteParcelRequest{Id: id})
	bearer(xreq, user)
	if _, err := client.DeleteParcel(ctx, xreq); err != nil {
		t.Fatal(err)
	}
	breq := connect.NewRequest(&portalv1.BulkDeleteParcelsRequest{Ids: []int64{id}})
	bearer(breq, p.as("ROLE_ADMIN", 0))
	b, err := client.BulkDeleteParcels(ctx, breq)
	if err != nil || len(b.Msg.GetErrors()) != 1 || b.Msg.GetErrors()[0].GetMessage() != parcel.KeyNotFound {
		t.Fatalf("bulk delete of a deleted parcel = %v, %v", b, err)
	}
}

// TestParcelLabelResumesAfterACrash: a label call that stopped between
// SUBMITTING and recording the label (the carrier made it) is resumed by
// the next call, which asks the carrier for it (Find) instead of making a
// second one.
func TestParcelLabelResumesAfterACrash(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	id := p.create(user, p.bakery, "Anna", false)
	pid, _ := strconv.ParseInt(id, 10, 64)
	store := postgres.Parcels{Pool: p.db.pool}
	ctx := context.Background()
	// The stopped call: lease taken (it ran out since), attempt stored,
	// SUBMITTING written, the carrier asked; then the process died.
	now := time.Now()
	got, _, _, err := store.Claim(ctx, pid, now.Add(-time.Hour), now.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	first, _ := shipment.New(got.Validated, 1, parcel.Reference(pid, 1))
	first, err = store.Next(ctx, pid, first)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Submitting(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	customer, err := (postgres.Customers{Pool: p.db.pool, Sealer: p.db.box}).Get(ctx, p.bakery)
	if err != nil {
		t.Fatal(err)
	}
	creds := carrier.Credentials{APIClient: customer.APIClient, CustomerCRMID: customer.CRMID, Username: customer.APIUsername, Password: customer.Credentials.APIPassword}
	made, err := p.carrier.AddAndPrint(ctx, creds, carrier.Request{Reference: first.Reference, LabelType: "PDF", Shipment: first.Draft, SenderHub: "DE"})
	if err != nil {
		t.Fatal(err)
	}
	rows := p.rows(user, fmt.Sprintf("customerId=%d", p.bakery))
	if rows[0]["status"] != "SUBMITTING" {
		t.Fatalf("before resuming: %v", rows[0])
	}

	resumed := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")
	if resumed["identifier"] != made.Identifier {
		t.Fatalf("resumed label %v, the carrier made %s", resumed, made.Identifier)
	}
	st := p.stats()
	if st.Issued[first.Reference] != 1 || st.Labels != 1 || st.Finds != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

// TestParcelLabelCallsDoNotOverlap: two label calls for one parcel at once:
// one labels, the other is refused as busy; the carrier made one label.
func TestParcelLabelCallsDoNotOverlap(t *testing.T) {
	p := newParcelPortal(t, simulator.WithLatency(400*time.Millisecond))
	user := p.as("ROLE_USER", p.bakery)
	id := p.create(user, p.bakery, "Anna", false)
	var wg sync.WaitGroup
	results := make([]string, 2)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, key, _ := p.rest(user, "POST", "/web/api/parcels/"+id+"/label", "")
			results[i] = fmt.Sprint(status, key)
		}()
	}
	wg.Wait()
	busy := fmt.Sprint(400, parcel.KeyBusy)
	if !(results[0] == "200" && results[1] == busy) && !(results[1] == "200" && results[0] == busy) {
		t.Fatalf("two label calls = %v", results)
	}
	if st := p.stats(); st.Labels != 1 {
		t.Fatalf("labels made = %d", st.Labels)
	}
	// The lease is given back: the next call labels again.
	if got := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", ""); got["identifier"] == nil {
		t.Fatalf("third call = %v", got)
	}
}

// TestParcelCarrierRefusalComesBackAsErrors: a refusal of the carrier is
// answered in errors[] with its key; the parcel keeps why.
func TestParcelCarrierRefusalComesBackAsErrors(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	body := strings.Replace(form("Anna", false), `"city":"Berlin"`, `"city":"Nowhere"`, 1)
	got := p.ok(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery), `{"csvShipmentDTO":`+body+`}`)
	id := fmt.Sprint(got["parcelId"])
	labelled := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")
	errs, _ := labelled["errors"].([]any)
	if len(errs) != 1 || !strings.HasPrefix(errs[0].(map[string]any)["message"].(string), "error.carrier.") {
		t.Fatalf("refused label = %v", labelled)
	}
	rows := p.rows(user, fmt.Sprintf("customerId=%d", p.bakery))
	if rows[0]["status"] != "FAILED" || rows[0]["errorMessage"] != errs[0].(map[string]any)["message"] || rows[0]["hasLabel"] == true {
		t.Fatalf("failed row = %v", rows[0])
	}
}
