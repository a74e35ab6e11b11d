package main

import (
	"net/http"
	"net/http/httptest"
	"time"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/credcheck"
)

// embeddedCarrier is the host name under which the portal reaches the
// carrier simulator it runs itself; no request to it leaves the process.
const embeddedCarrier = "carrier-simulator.embedded"

// carrierSide is how the portal reaches the carrier: the SOAP client the
// batch jobs call, and the credential checks of the customer form.
type carrierSide struct {
	client *carrier.Client
	// checkURL and checkHTTP are where credential checks go.
	checkURL  string
	checkHTTP *http.Client
}

// carrierOf connects to the carrier at CARRIER_URL (SOAP on /shipping,
// credential checks on /check-credentials, as cmd/carriersim serves them).
// Without CARRIER_URL the portal embeds the carrier simulator: labels,
// manifests and checks are answered inside the process, so `make run` ships
// without a carrier. When tracking is embedded too, the carrier simulator
// tells the tracking simulator of each label.
func carrierOf(cfg config) carrierSide {
	if cfg.CarrierURL != "" {
		return carrierSide{client: carrier.New(cfg.CarrierURL + "/shipping"), checkURL: cfg.CarrierURL}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /check-credentials", credcheck.Handler)
	var opts []simulator.Option
	if cfg.TrackingURL == "" {
		opts = append(opts, simulator.WithObserver(embeddedTrackingSim(cfg.TrackingSpeedup)))
	}
	mux.Handle("/", simulator.New(opts...))
	transport := inProcess{host: embeddedCarrier, handler: mux, next: http.DefaultTransport}
	return carrierSide{
		client:    carrier.New("http://"+embeddedCarrier+"/shipping", carrier.WithHTTPClient(&http.Client{Transport: transport})),
		checkURL:  "http://" + embeddedCarrier,
		checkHTTP: &http.Client{Transport: transport, Timeout: 10 * time.Second},
	}
}

// inProcess answers requests to host with handler, in this process; other
// requests go on through next.
type inProcess struct {
	host    string
	handler http.Handler
	next    http.RoundTripper
}

// RoundTrip serves the request as a server would receive it.
func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != t.host {
		return t.next.RoundTrip(req)
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	in := req.Clone(req.Context())
	in.RequestURI = req.URL.RequestURI()
	if in.Body == nil {
		in.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	t.handler.ServeHTTP(rec, in)
	res := rec.Result()
	res.Request = req
	return res, nil
}
