package carrier_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	adapter "parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/carrier/soap"
	"parcelportal/core/carrier"
)

// simulatorControls lets the contract steer the simulator.
type simulatorControls struct{ *simulator.Simulator }

func (c simulatorControls) FaultOn(field, value, code string) {
	c.Configure(func(cfg *simulator.Config) {
		cfg.FieldFaults = append(cfg.FieldFaults, simulator.FieldFault{Field: field, Value: value, Code: code})
	})
}

func (c simulatorControls) Unavailable(n int) { c.FailNext(n) }

var demo = carrier.Credentials{Username: simulator.Username, Password: simulator.Password, CustomerCRMID: "DE100"}

// serve starts a simulator over HTTP and a client of it.
func serve(t *testing.T, clientTimeout time.Duration, opts ...simulator.Option) (*simulator.Simulator, *adapter.Client, *httptest.Server) {
	t.Helper()
	sim := simulator.New(opts...)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return sim, adapter.New(srv.URL+"/shipping", adapter.WithTimeout(clientTimeout)), srv
}

func TestContractAgainstSimulator(t *testing.T) {
	carriertest.Run(t, func(t *testing.T) carriertest.Subject {
		sim, client, _ := serve(t, 5*time.Second)
		bad := demo
		bad.Password = carriertest.BadPassword
		return carriertest.Subject{Carrier: client, Controls: simulatorControls{sim}, Credentials: demo, BadCredentials: bad}
	})
}

var ctx = context.Background()

func labelRequest(ref, postalCode string) carrier.Request {
	return carrier.Request{Reference: ref, LabelType: carrier.LabelPDF, Shipment: carriertest.Shipment("DE", postalCode), SenderHub: "DE"}
}

func TestTicketIsCachedAndRenewedOnceWhenRefused(t *testing.T) {
	var offset atomic.Int64
	sim, client, _ := serve(t, 5*time.Second, simulator.WithClock(func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }))
	for i := range 3 {
		if _, err := client.AddAndPrint(ctx, demo, labelRequest(fmt.Sprint("cached-", i), "10115")); err != nil {
			t.Fatal(err)
		}
	}
	if n := sim.Totals().Authentications; n != 1 {
		t.Fatalf("%d authentications for three calls, want 1", n)
	}
	// The carrier's clock runs past the ticket's lifetime: TicketExpired.
	offset.Store(int64(31 * time.Minute))
	if _, _, err := client.Find(ctx, demo, "cached-0"); err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	if n := sim.Totals().Authentications; n != 2 {
		t.Fatalf("%d authentications after expiry, want 2", n)
	}
	// The carrier forgets every ticket: InvalidTicket.
	sim.Reset()
	if _, _, err := client.Find(ctx, demo, "cached-0"); err != nil {
		t.Fatalf("after the carrier forgot the ticket: %v", err)
	}
	if n := sim.Totals().Authentications; n != 1 { // counted since the reset
		t.Fatalf("%d authentications after the reset, want 1", n)
	}
	// Other credentials get their own session.
	a1 := carrier.Credentials{APIClient: "A1", A1APIKey: simulator.APIKey, CustomerCRMID: "DE100"}
	if _, _, err := client.Find(ctx, a1, "cached-0"); err != nil {
		t.Fatal(err)
	}
	if n := sim.Totals().Authentications; n != 2 {
		t.Fatalf("%d authentications with a second login, want 2", n)
	}
}

func TestConcurrentCallersOpenOneSession(t *testing.T) {
	sim, client, _ := serve(t, 5*time.Second, simulator.WithLatency(20*time.Millisecond))
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			if _, err := client.AddAndPrint(ctx, demo, labelRequest(fmt.Sprint("parallel-", i), "10115")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := sim.Totals().Authentications; n != 1 {
		t.Fatalf("%d authentications for 16 parallel callers, want 1", n)
	}
}

var hexTicket = regexp.MustCompile(`<ticket>[0-9a-f]{32}</ticket>`)

func TestTrafficMasksSecrets(t *testing.T) {
	_, client, _ := serve(t, 5*time.Second)
	l, err := client.AddAndPrint(ctx, demo, labelRequest("masked", "10115"))
	if err != nil {
		t.Fatal(err)
	}
	if hexTicket.MatchString(l.Traffic.Request) || !strings.Contains(l.Traffic.Request, "<ticket>****") {
		t.Fatalf("ticket not masked:\n%s", l.Traffic.Request)
	}
	if !strings.Contains(l.Traffic.Response, "<identifier>"+l.Identifier+"</identifier>") {
		t.Fatalf("response not kept:\n%.500s", l.Traffic.Response)
	}
	bad := carrier.Credentials{APIClient: "A1", A1APIKey: "key-secret-42", Username: "demo", Password: "pw-secret-42", CustomerCRMID: "DE100"}
	_, err = client.AddAndPrint(ctx, bad, labelRequest("masked-2", "10115"))
	var f *carrier.Fault
	if !errors.As(err, &f) || f.Code != simulator.CodeInvalidCredentials || f.Field != "apiKey" {
		t.Fatalf("want InvalidCredentials on apiKey, got %v", err)
	}
	req := f.Traffic.Request
	if strings.Contains(req, "secret-42") || !strings.Contains(req, "<apiKey>********</apiKey>") || !strings.Contains(req, "<password>********</password>") {
		t.Fatalf("secrets not masked:\n%s", req)
	}
}

func TestDefaultFieldFaultFromACSVValue(t *testing.T) {
	sim, client, _ := serve(t, 5*time.Second)
	_, err := client.AddAndPrint(ctx, demo, labelRequest("zeros", " 00000 "))
	var f *carrier.Fault
	if !errors.As(err, &f) || f.Code != simulator.CodeInvalidPostalCode || f.Field != "postalcode" {
		t.Fatalf("want InvalidPostalCode on postalcode, got %v", err)
	}
	if !strings.Contains(f.Traffic.Response, "<faultcode>soap:Client</faultcode>") {
		t.Fatalf("fault response not kept:\n%s", f.Traffic.Response)
	}
	if sim.Issued("zeros") != 0 || sim.Totals().Faults != 1 {
		t.Fatalf("issued %d, faults %d", sim.Issued("zeros"), sim.Totals().Faults)
	}
}

// A time-out eats the answer of a label that was made: the caller sees
// ErrUnavailable, and Find tells it the label exists.
func TestTimeoutIsUnavailableAndFindRecoversTheLabel(t *testing.T) {
	sim, client, _ := serve(t, 300*time.Millisecond)
	if _, _, err := client.Find(ctx, demo, "warm-up"); err != nil {
		t.Fatal(err)
	}
	sim.Configure(func(c *simulator.Config) { c.TimeoutRate, c.Hang = 1, time.Minute })
	start := time.Now()
	l, err := client.AddAndPrint(ctx, demo, labelRequest("lost", "10115"))
	if !errors.Is(err, carrier.ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want a time-out wrapping ErrUnavailable, got %v", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("the client waited %v", took)
	}
	if l.Traffic.Request == "" || l.Traffic.Response != "" {
		t.Fatalf("traffic of a time-out: %q / %q", l.Traffic.Request[:min(40, len(l.Traffic.Request))], l.Traffic.Response)
	}
	sim.Configure(func(c *simulator.Config) { c.TimeoutRate = 0 })
	found, ok, err := client.Find(ctx, demo, "lost")
	if err != nil || !ok || found.Identifier == "" {
		t.Fatalf("find after the time-out: %v %v", ok, err)
	}
	if sim.Issued("lost") != 1 || sim.Totals().Timeouts != 1 {
		t.Fatalf("issued %d, timeouts %d", sim.Issued("lost"), sim.Totals().Timeouts)
	}
}

// Every way the carrier can be away wraps ErrUnavailable; what is neither
// a fault nor an outage is a plain error.
func TestFailuresOfTheService(t *testing.T) {
	busy := soap.FaultEnvelope(soap.FaultServer, soap.CarrierFault{Code: "ServerBusy", Message: "busy"})
	cases := []struct {
		name        string
		status      int
		body        []byte
		unavailable bool
	}{
		{"HTTP 503", http.StatusServiceUnavailable, []byte("service unavailable"), true},
		{"HTTP 502 with HTML", http.StatusBadGateway, []byte("<html><body>bad gateway</body></html>"), true},
		{"server fault", http.StatusInternalServerError, busy, true},
		{"HTTP 429", http.StatusTooManyRequests, nil, true},
		{"HTTP 404", http.StatusNotFound, []byte("not found"), false},
		{"HTTP 200 with garbage", http.StatusOK, []byte("{}"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(c.status)
				_, _ = w.Write(c.body)
			}))
			defer srv.Close()
			l, err := adapter.New(srv.URL).AddAndPrint(ctx, demo, labelRequest("x", "10115"))
			var f *carrier.Fault
			if err == nil || errors.As(err, &f) || errors.Is(err, carrier.ErrUnavailable) != c.unavailable {
				t.Fatalf("unavailable %v, got %v", c.unavailable, err)
			}
			if l.Traffic.Request == "" || l.Traffic.Response != string(c.body) {
				t.Fatalf("traffic %q", l.Traffic.Response)
			}
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close()
		_, err := adapter.New(url).CreateManifest(ctx, demo, "m", []string{"x"})
		if !errors.Is(err, carrier.ErrUnavailable) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("cancelled by the caller", func(t *testing.T) {
		_, client, _ := serve(t, 5*time.Second, simulator.WithLatency(time.Second))
		c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		if _, _, err := client.Find(c, demo, "x"); !errors.Is(err, carrier.ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestSimulatorServesTheWSDLWithItsAddress(t *testing.T) {
	_, _, srv := serve(t, time.Second)
	res, err := http.Get(srv.URL + "/shipping?wsdl")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	want := strings.Replace(string(adapter.WSDL), adapter.WSDLAddress, srv.URL+"/shipping", 1)
	if res.StatusCode != http.StatusOK || string(body) != want {
		t.Fatalf("status %d, WSDL as served differs:\n%.300s", res.StatusCode, body)
	}
}

// BenchmarkAddAndPrint measures one PDF label through the adapter, SOAP
// over loopback HTTP and the simulator's rendering, from parallel callers.
func BenchmarkAddAndPrint(b *testing.B) {
	sim := simulator.New()
	srv := httptest.NewServer(sim)
	defer srv.Close()
	client := adapter.New(srv.URL)
	var n atomic.Int64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := client.AddAndPrint(ctx, demo, labelRequest(fmt.Sprint("bench-", n.Add(1)), "10115")); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "labels/s")
}

// TestCustomsDocumentsArePublishedForManifestedParcelsUntilAcknowledged:
// the carrier publishes the customs document of a manifested parcel outside
// the customs union (none for one inside it, none before the manifest),
// lists it again until it is acknowledged, and a second acknowledgement or
// manifest changes nothing.
func TestCustomsDocumentsArePublishedForManifestedParcelsUntilAcknowledged(t *testing.T) {
	sim, client, _ := serve(t, 5*time.Second)
	outside, err := client.AddAndPrint(ctx, demo, carrier.Request{Reference: "cd-1", LabelType: carrier.LabelPDF, Shipment: carriertest.Shipment("CH", "8001"), SenderHub: "DE"})
	if err != nil || outside.CustomsDoc == nil {
		t.Fatalf("label outside the customs union = %v (customs %d bytes)", err, len(outside.CustomsDoc))
	}
	inside, err := client.AddAndPrint(ctx, demo, labelRequest("cd-2", "1012AB"))
	if err != nil {
		t.Fatal(err)
	}
	if docs, err := client.PublishedCustomsDocuments(ctx, demo, 10); err != nil || len(docs) != 0 {
		t.Fatalf("before the manifest = %v, %v", docs, err)
	}
	for range 2 {
		if _, err := client.CreateManifest(ctx, demo, "m-cd", []string{outside.Identifier, inside.Identifier}); err != nil {
			t.Fatal(err)
		}
	}
	var listed []carrier.CustomsDocument
	for range 2 {
		listed, err = client.PublishedCustomsDocuments(ctx, demo, 10)
		if err != nil || len(listed) != 1 || listed[0].Identifier != outside.Identifier || listed[0].ID == "" ||
			!strings.HasPrefix(string(listed[0].Content), "%PDF") || listed[0].Filename == "" {
			t.Fatalf("published = %+v, %v", listed, err)
		}
	}
	other := demo
	other.CustomerCRMID = "NL200"
	if docs, _ := client.PublishedCustomsDocuments(ctx, other, 10); len(docs) != 0 {
		t.Errorf("another customer sees %d documents", len(docs))
	}
	for range 2 {
		if err := client.AcknowledgeCustomsDocuments(ctx, demo, []string{listed[0].ID}); err != nil {
			t.Fatal(err)
		}
	}
	if docs, _ := client.PublishedCustomsDocuments(ctx, demo, 10); len(docs) != 0 || sim.PublishedCustoms("DE100") != 0 {
		t.Errorf("after the acknowledgement: %d documents", len(docs))
	}
}
