package simulator_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/carrier/soap"
)

// post sends a SOAP body and returns the status and the read envelope.
func post(t *testing.T, url string, body any) (int, *soap.Body, []byte) {
	t.Helper()
	doc, err := soap.Envelope(body)
	if err != nil {
		t.Fatal(err)
	}
	return postRaw(t, url, doc)
}

func postRaw(t *testing.T, url string, doc []byte) (int, *soap.Body, []byte) {
	t.Helper()
	res, err := http.Post(url, "text/xml; charset=utf-8", bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	env, _ := soap.ReadEnvelope(bytes.NewReader(data))
	return res.StatusCode, env, data
}

func authenticate(t *testing.T, url string, a soap.Authenticate) (string, *soap.Fault) {
	t.Helper()
	status, env, data := post(t, url, a)
	if env == nil {
		t.Fatalf("no envelope (%d): %s", status, data)
	}
	if env.Fault != nil {
		if status != http.StatusInternalServerError {
			t.Fatalf("fault with status %d", status)
		}
		return "", env.Fault
	}
	var res soap.AuthenticateResponse
	if err := env.Decode(&res); err != nil {
		t.Fatal(err)
	}
	if res.ExpiresAt.Before(time.Now()) {
		t.Fatalf("ticket expired at %v", res.ExpiresAt)
	}
	return res.Ticket, nil
}

func TestCredentialsAsCheckCredentialsAcceptsThem(t *testing.T) {
	srv := httptest.NewServer(simulator.New())
	defer srv.Close()
	cases := []struct {
		name  string
		in    soap.Authenticate
		field string // empty: accepted
	}{
		{"user and password", soap.Authenticate{Username: "demo", Password: "portal-demo"}, ""},
		{"A1 key alone", soap.Authenticate{APIClient: "A1", APIKey: "demo-key"}, ""},
		{"A1 key with login", soap.Authenticate{APIClient: "A1", APIKey: "demo-key", Username: "demo", Password: "portal-demo"}, ""},
		{"A1 without key", soap.Authenticate{APIClient: "A1", Username: "demo", Password: "portal-demo"}, "apiKey"},
		{"wrong key", soap.Authenticate{APIKey: "nope"}, "apiKey"},
		{"wrong user", soap.Authenticate{Username: "root", Password: "portal-demo"}, "username"},
		{"wrong password", soap.Authenticate{Username: "demo", Password: "demo"}, "password"},
		{"A1 key with wrong password", soap.Authenticate{APIClient: "A1", APIKey: "demo-key", Username: "demo", Password: "x"}, "password"},
	}
	for _, c := range cases {
		c.in.CustomerCRMID = "DE100"
		ticket, f := authenticate(t, srv.URL, c.in)
		switch {
		case c.field == "" && (f != nil || ticket == ""):
			t.Errorf("%s: refused: %v", c.name, f)
		case c.field != "" && (f == nil || f.Kind != soap.FaultClient || f.Detail.Code != simulator.CodeInvalidCredentials || f.Detail.Field != c.field):
			t.Errorf("%s: want InvalidCredentials on %s, got %+v", c.name, c.field, f)
		}
	}
	if _, f := authenticate(t, srv.URL, soap.Authenticate{Username: "demo", Password: "portal-demo"}); f == nil || f.Detail.Field != "customerCrmId" {
		t.Errorf("no CRM id: %+v", f)
	}
}

func TestRequestsTheServiceCannotRead(t *testing.T) {
	srv := httptest.NewServer(simulator.New())
	defer srv.Close()
	for _, doc := range []string{"", "hello", `<Envelope/>`,
		`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Other xmlns="urn:x"/></s:Body></s:Envelope>`,
		`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Ship xmlns="` + soap.Namespace + `"/></s:Body></s:Envelope>`} {
		status, env, data := postRaw(t, srv.URL, []byte(doc))
		if status != http.StatusInternalServerError || env == nil || env.Fault == nil || env.Fault.Detail.Code != simulator.CodeBadRequest {
			t.Errorf("%q: status %d: %s", doc, status, data)
		}
	}
	status, env, _ := post(t, srv.URL, soap.FindShipment{Ticket: "made-up", ClientReference: "r"})
	if status != http.StatusInternalServerError || env.Fault == nil || env.Fault.Detail.Code != simulator.CodeInvalidTicket {
		t.Errorf("made-up ticket: %d %+v", status, env.Fault)
	}
	res, err := http.Get(srv.URL + "/shipping")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("GET without ?wsdl: %d", res.StatusCode)
	}
}

func TestShipmentChecks(t *testing.T) {
	srv := httptest.NewServer(simulator.New())
	defer srv.Close()
	ticket, _ := authenticate(t, srv.URL, soap.Authenticate{Username: "demo", Password: "portal-demo", CustomerCRMID: "DE100"})
	valid := func() soap.AddAndPrintShipment {
		return soap.AddAndPrintShipment{Ticket: ticket, ClientReference: "r1", LabelType: "PDF", SenderHub: "DE",
			Shipment: soap.Shipment(carriertest.Shipment("DE", "10115").Fields)}
	}
	cases := []struct {
		name  string
		edit  func(*soap.AddAndPrintShipment)
		code  string
		field string
	}{
		{"label type", func(r *soap.AddAndPrintShipment) { r.LabelType = "PNG" }, simulator.CodeInvalidLabelType, "labelType"},
		{"no name", func(r *soap.AddAndPrintShipment) { delete(r.Shipment, "name") }, simulator.CodeMandatoryField, "name"},
		{"no reference", func(r *soap.AddAndPrintShipment) { r.ClientReference = " " }, simulator.CodeMandatoryField, "clientReference"},
		{"no hub", func(r *soap.AddAndPrintShipment) { r.SenderHub = "" }, simulator.CodeMandatoryField, "senderHub"},
		{"city Nowhere", func(r *soap.AddAndPrintShipment) { r.Shipment["city"] = "NOWHERE" }, simulator.CodeInvalidField, "city"},
	}
	for _, c := range cases {
		r := valid()
		c.edit(&r)
		_, env, _ := post(t, srv.URL, r)
		if env.Fault == nil || env.Fault.Detail.Code != c.code || env.Fault.Detail.Field != c.field {
			t.Errorf("%s: want %s on %s, got %+v", c.name, c.code, c.field, env.Fault)
		}
	}
	_, env, _ := post(t, srv.URL, valid())
	var res soap.ShipmentResult
	if err := env.Decode(&res); err != nil {
		t.Fatal(err)
	}
	if len(res.Identifier) != 13 || !strings.HasSuffix(res.Identifier, "DE") || res.LabelContentType != soap.ContentTypePDF {
		t.Fatalf("result %s %s", res.Identifier, res.LabelContentType)
	}
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func control(t *testing.T, url, body string) (int, simulator.Settings) {
	t.Helper()
	res, err := http.Post(url+"/control", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var s simulator.Settings
	_ = json.NewDecoder(res.Body).Decode(&s)
	return res.StatusCode, s
}

// A test in another process steers the simulator and reads its counts
// over HTTP only.
func TestControlAndStatsOverHTTP(t *testing.T) {
	sim := simulator.New(simulator.WithLatency(5 * time.Millisecond))
	srv := httptest.NewServer(sim)
	defer srv.Close()
	ticket, _ := authenticate(t, srv.URL, soap.Authenticate{APIClient: "A1", APIKey: "demo-key", CustomerCRMID: "DE100"})
	label := func(ref string) {
		r := soap.AddAndPrintShipment{Ticket: ticket, ClientReference: ref, LabelType: "Zebra", SenderHub: "DE",
			Shipment: soap.Shipment(carriertest.Shipment("DE", "10115").Fields)}
		if status, _, data := post(t, srv.URL, r); status != http.StatusOK {
			t.Fatalf("label %s: %d %s", ref, status, data)
		}
	}
	label("a")
	label("a")
	label("b")
	_, _, _ = post(t, srv.URL, soap.FindShipment{Ticket: ticket, ClientReference: "a"})
	var st simulator.Stats
	getJSON(t, srv.URL+"/stats", &st)
	if st.Issued["a"] != 2 || st.Issued["b"] != 1 || st.Labels != 3 || st.References != 2 || st.Duplicates != 1 || st.Finds != 1 || st.Authentications != 1 {
		t.Fatalf("stats %+v", st)
	}
	if sim.Issued("a") != 2 || len(sim.IssuedAll()) != 2 {
		t.Fatalf("Go counts %d %v", sim.Issued("a"), sim.IssuedAll())
	}

	status, s := control(t, srv.URL, `{"latencyMs": 150, "faultRate": 0.25, "timeoutRate": 0.5, "hangMs": 1000, "ticketLifetimeMs": 60000,
		"failNext": 2, "fieldFaults": [{"field": "name", "value": "Mallory", "code": "RefusedReceiver"}]}`)
	if status != http.StatusOK || s.LatencyMS != 150 || s.FaultRate != 0.25 || s.TimeoutRate != 0.5 || s.HangMS != 1000 ||
		s.TicketLifetimeMS != 60000 || s.FailNext != 2 || len(s.FieldFaults) != 1 || s.FieldFaults[0].Code != "RefusedReceiver" {
		t.Fatalf("control: %d %+v", status, s)
	}
	cfg := sim.Config()
	if cfg.Latency != 150*time.Millisecond || cfg.Hang != time.Second || cfg.TicketLifetime != time.Minute {
		t.Fatalf("Go config %+v", cfg)
	}
	var got simulator.Settings
	getJSON(t, srv.URL+"/control", &got)
	if got.LatencyMS != 150 || got.FailNext != 2 {
		t.Fatalf("GET /control %+v", got)
	}
	// A partial change leaves the rest alone.
	if _, s := control(t, srv.URL, `{"faultRate": 0}`); s.FaultRate != 0 || s.LatencyMS != 150 {
		t.Fatalf("partial change %+v", s)
	}
	for _, bad := range []string{`{"faultRate": 1.5}`, `{"latencyMs": -1}`, `{"latency": 5}`, `{"fieldFaults": [{"value": "x"}]}`, `not json`} {
		if status, _ := control(t, srv.URL, bad); status != http.StatusBadRequest {
			t.Errorf("%s: status %d", bad, status)
		}
	}
	if _, s := control(t, srv.URL, `{"reset": true, "defaults": true}`); s.LatencyMS != 5 || s.FailNext != 0 || s.HangMS != 120000 || len(s.FieldFaults) != len(simulator.DefaultFieldFaults) {
		t.Fatalf("defaults %+v", s)
	}
	st = simulator.Stats{}
	getJSON(t, srv.URL+"/stats", &st)
	if len(st.Issued) != 0 || st.Labels != 0 || st.Authentications != 0 {
		t.Fatalf("stats after reset %+v", st)
	}
	// The reset forgot the ticket too.
	if _, env, _ := post(t, srv.URL, soap.FindShipment{Ticket: ticket, ClientReference: "a"}); env.Fault == nil || env.Fault.Detail.Code != simulator.CodeInvalidTicket {
		t.Fatalf("ticket after reset: %+v", env.Fault)
	}
}

func TestLatencyAndTransientFaults(t *testing.T) {
	sim := simulator.New(simulator.WithLatency(80 * time.Millisecond))
	srv := httptest.NewServer(sim)
	defer srv.Close()
	start := time.Now()
	if _, f := authenticate(t, srv.URL, soap.Authenticate{Username: "demo", Password: "portal-demo", CustomerCRMID: "DE100"}); f != nil {
		t.Fatal(f)
	}
	if took := time.Since(start); took < 80*time.Millisecond {
		t.Fatalf("answered after %v, latency 80ms", took)
	}
	sim.Configure(func(c *simulator.Config) { c.Latency, c.FaultRate = 0, 1 })
	statuses := map[int]int{}
	for range 40 {
		status, env, data := post(t, srv.URL, soap.Authenticate{Username: "demo", Password: "portal-demo", CustomerCRMID: "DE100"})
		statuses[status]++
		switch status {
		case http.StatusServiceUnavailable:
		case http.StatusInternalServerError:
			if env == nil || env.Fault == nil || env.Fault.Kind != soap.FaultServer || env.Fault.Detail.Code != simulator.CodeServerBusy {
				t.Fatalf("server fault: %s", data)
			}
		default:
			t.Fatalf("status %d with fault rate 1", status)
		}
	}
	if statuses[http.StatusServiceUnavailable] == 0 || statuses[http.StatusInternalServerError] == 0 {
		t.Fatalf("both kinds of failure expected in 40 tries: %v", statuses)
	}
	if got := sim.Totals(); got.Unavailable != 40 || got.Authentications != 1 {
		t.Fatalf("totals %+v", got)
	}
}

// An embedded simulator mounted under a prefix still names its own address.
func TestWSDLUnderAPrefix(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/carrier/", http.StripPrefix("/carrier", simulator.New()))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/carrier/shipping?wsdl")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if !strings.Contains(string(data), `<soap:address location="`+srv.URL+`/carrier/shipping"/>`) {
		t.Fatalf("address not rewritten:\n%.200s", data)
	}
	var st simulator.Stats
	getJSON(t, srv.URL+"/carrier/stats", &st)
}
