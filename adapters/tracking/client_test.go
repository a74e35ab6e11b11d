package tracking_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/memory"
	trackingapi "parcelportal/adapters/tracking"
	"parcelportal/adapters/tracking/simulator"
	"parcelportal/adapters/tracking/trackingtest"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

func served(t *testing.T, opts ...simulator.Option) (*simulator.Simulator, *trackingapi.Client) {
	sim := simulator.New(append([]simulator.Option{simulator.WithClock(func() time.Time { return trackingtest.Base.Add(time.Hour) }), simulator.WithSpeedup(1)}, opts...)...)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return sim, trackingapi.New(srv.URL, trackingapi.WithTimeout(2*time.Second))
}

func TestContractHTTPClientV1(t *testing.T) {
	trackingtest.Run(t, func(t *testing.T) trackingtest.Fixture {
		sim, c := served(t)
		return trackingtest.Fixture{Service: c, Account: tracking.Account{Version: tracking.V1, Username: simulator.Username, Password: simulator.Password}, Label: sim.Labelled}
	})
}

func TestContractHTTPClientV3(t *testing.T) {
	trackingtest.Run(t, func(t *testing.T) trackingtest.Fixture {
		sim, c := served(t)
		return trackingtest.Fixture{Service: c, Account: tracking.Account{Version: tracking.V3, APIKey: simulator.APIKey, ClientID: "client"}, Label: sim.Labelled}
	})
}

func TestContractMemory(t *testing.T) {
	trackingtest.Run(t, func(t *testing.T) trackingtest.Fixture {
		m := memory.NewTracking()
		return trackingtest.Fixture{Service: m, Account: tracking.Account{Version: tracking.V1, Username: memory.TrackingUsername, Password: memory.TrackingPassword}, Label: m.Labelled}
	})
}

var v1 = tracking.Account{Version: tracking.V1, Username: simulator.Username, Password: simulator.Password}

func TestFaultsAndLatencyAreUnavailable(t *testing.T) {
	sim, c := served(t)
	sim.FailNext(1)
	_, err := c.Products(context.Background(), v1)
	if !failure.HasKey(err, tracking.KeyUnavailable) {
		t.Fatalf("503: %v", err)
	}
	if _, err := c.Products(context.Background(), v1); err != nil {
		t.Fatalf("after the fault: %v", err)
	}
	sim.Configure(func(cfg *simulator.Config) { cfg.Latency = time.Second })
	slow := trackingapi.New(httptest.NewServer(sim).URL, trackingapi.WithTimeout(50*time.Millisecond))
	if _, err := slow.Products(context.Background(), v1); !failure.HasKey(err, tracking.KeyUnavailable) {
		t.Fatalf("timeout: %v", err)
	}
	dead := trackingapi.New("http://127.0.0.1:1", trackingapi.WithTimeout(time.Second))
	if _, err := dead.Products(context.Background(), v1); !failure.HasKey(err, tracking.KeyUnavailable) {
		t.Fatalf("no service: %v", err)
	}
}

func TestJourneyPlaysToDelivery(t *testing.T) {
	sim, c := served(t)
	sim.Labelled("DE1", labels.Label{Identifier: "CP000000055DE", Product: "EPAQPLS", SenderHub: "DE", Date: trackingtest.Base,
		Receiver: labels.Address{Name: "Dora", City: "Paris", Country: "FR"}})
	codes := func() []string {
		es, err := c.Events(context.Background(), v1, "CP000000055DE")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			if !e.CustomerService {
				out = append(out, e.HarmonizedCode)
			}
		}
		return out
	}
	if got := codes(); len(got) != 2 || got[0] != tracking.ElecNot || got[1] != tracking.PrintLab {
		t.Fatalf("after an hour: %v", got)
	}
	sim.Advance(5 * 24 * time.Hour)
	got := codes()
	for i, step := range tracking.Steps {
		_ = i
		found := false
		for _, code := range got {
			found = found || code == step
		}
		if !found {
			t.Fatalf("step %s missing from %v", step, got)
		}
	}
	if got[len(got)-1] != tracking.Delivery {
		t.Fatalf("last event %v", got)
	}
	d, err := c.Parcel(context.Background(), v1, "CP000000055DE")
	if err != nil || d.LastMileCarrier != "Colissimo" || d.LastMileCarrierURL == "" {
		t.Fatalf("last mile %+v %v", d, err)
	}
	// The same identifier plays the same journey.
	again := simulator.Plan(labels.Label{Identifier: "CP000000055DE", SenderHub: "DE", Receiver: labels.Address{Country: "FR"}}, trackingtest.Base, 1)
	if len(again.Events) != len(d.Events) {
		t.Fatalf("journey differs: %d against %d events", len(again.Events), len(d.Events))
	}
}

func TestControlChangesTheSimulatorAtRunTime(t *testing.T) {
	sim := simulator.New()
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	post := func(body string) (int, string) {
		res, err := http.Post(srv.URL+"/control", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(raw)
	}
	if code, body := post(`{"latencyMs": 5, "faultRate": 0.5, "failNext": 2, "speedup": 3600, "advanceMinutes": 10}`); code != 200 ||
		!strings.Contains(body, `"speedup":3600`) || !strings.Contains(body, `"advanceMinutes":10`) {
		t.Fatalf("control = %d %s", code, body)
	}
	if cfg := sim.Config(); cfg.Latency != 5*time.Millisecond || cfg.FaultRate != 0.5 || cfg.Speedup != 3600 {
		t.Fatalf("config %+v", cfg)
	}
	for _, bad := range []string{`{"speedup": 0}`, `{"faultRate": 2}`, `{"advanceMinutes": -1}`, `{"nope": 1}`, `{`} {
		if code, _ := post(bad); code != http.StatusBadRequest {
			t.Errorf("%s = %d", bad, code)
		}
	}
	if code, body := post(`{"reset": true, "defaults": true}`); code != 200 || !strings.Contains(body, `"speedup":720`) || !strings.Contains(body, `"failNext":0`) {
		t.Fatalf("reset = %d %s", code, body)
	}
}
