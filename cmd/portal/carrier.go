package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"time"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/probes"
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
	// probe asks the carrier for its WSDL, for the health report.
	probe probes.HTTP
}

// carrierOf connects to the carrier at CARRIER_URL (SOAP on /shipping,
// credential checks on /check-credentials, as cmd/carriersim serves them).
// Without CARRIER_URL the portal embeds the carrier simulator: labels,
// manifests and checks are answered inside the process, so `make run` ships
// without a carrier. When tracking is embedded too, the carrier simulator
// tells the tracking simulator of each label.
func carrierOf(cfg config, opts ...carrier.Option) carrierSide {
	if cfg.CarrierURL != "" {
		return carrierSide{client: carrier.New(cfg.CarrierURL+"/shipping", opts...), checkURL: cfg.CarrierURL,
			probe: probes.HTTP{URL: cfg.CarrierURL + "/shipping?wsdl", Client: &http.Client{Timeout: 5 * time.Second}, Shown: shownURL(cfg.CarrierURL)}}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /check-credentials", credcheck.Handler)
	var simOpts []simulator.Option
	if cfg.TrackingURL == "" {
		simOpts = append(simOpts, simulator.WithObserver(embeddedTrackingSim(cfg.TrackingSpeedup)))
	}
	mux.Handle("/", simulator.New(simOpts...))
	transport := inProcess{host: embeddedCarrier, handler: mux, next: http.DefaultTransport}
	checkHTTP := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	return carrierSide{
		client:    carrier.New("http://"+embeddedCarrier+"/shipping", append([]carrier.Option{carrier.WithHTTPClient(&http.Client{Transport: transport})}, opts...)...),
		checkURL:  "http://" + embeddedCarrier,
		checkHTTP: checkHTTP,
		probe:     probes.HTTP{URL: "http://" + embeddedCarrier + "/shipping?wsdl", Client: checkHTTP, Shown: "embedded carrier simulator"},
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

// shownURL is an address without its user and password, for the health
// report.
func shownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	u.User = nil
	return u.Redacted()
}
