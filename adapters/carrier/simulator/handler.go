package simulator

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/soap"
	"parcelportal/adapters/httpserver"
)

// ServeHTTP answers:
//
//	GET  any path ?wsdl   the WSDL, its address pointing at this server
//	GET  /stats           labels issued per client reference and the totals (JSON)
//	GET  /control         the configuration (JSON)
//	POST /control         changes it or resets the state (JSON, see Control)
//	GET  /carriers.csv    the aggregator's carrier list (carriers.go)
//	POST any other path   the SOAP service
func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimSuffix(r.URL.Path, "/")
	switch {
	case r.Method == http.MethodGet && r.URL.Query().Has("wsdl"):
		s.serveWSDL(w, r)
	case path == "/stats" && r.Method == http.MethodGet:
		s.serveStats(w)
	case path == "/control" && (r.Method == http.MethodGet || r.Method == http.MethodPost):
		httpserver.ServeControl(w, r, s.Settings, s.Apply)
	case path == "/carriers.csv" && r.Method == http.MethodGet:
		s.serveCarriers(w, r)
	case r.Method == http.MethodPost:
		s.serveSOAP(w, r)
	default:
		http.Error(w, "the carrier simulator speaks SOAP: POST an envelope, or GET ?wsdl, /stats, /control or /carriers.csv", http.StatusNotFound)
	}
}

// serveWSDL sends the WSDL with the address the caller reached us at, so
// that a SOAP tool pointed at ?wsdl calls this server.
func (s *Simulator) serveWSDL(w http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	// RequestURI keeps a prefix that http.StripPrefix took off the path.
	path, _, _ := strings.Cut(r.RequestURI, "?")
	if path == "" || path == "/" {
		path = "/shipping"
	}
	doc := bytes.Replace(carrier.WSDL, []byte(carrier.WSDLAddress), []byte(scheme+"://"+r.Host+path), 1)
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	_, _ = w.Write(doc)
}

// outcome is what chance decides for one SOAP call.
type outcome int

const (
	normal outcome = iota
	unavailable
	hang
)

func (s *Simulator) decide() (outcome, Config) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg := s.cfg
	switch {
	case s.failNext > 0:
		s.failNext--
		s.totals.Unavailable++
		return unavailable, cfg
	case cfg.FaultRate > 0 && rand.Float64() < cfg.FaultRate:
		s.totals.Unavailable++
		return unavailable, cfg
	case cfg.TimeoutRate > 0 && rand.Float64() < cfg.TimeoutRate:
		s.totals.Timeouts++
		return hang, cfg
	}
	return normal, cfg
}

func wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *Simulator) serveSOAP(w http.ResponseWriter, r *http.Request) {
	out, cfg := s.decide()
	if !wait(r, cfg.Latency) {
		return
	}
	if out == unavailable {
		// Half the failures come from a proxy in front of the service, half
		// from the service itself.
		if rand.IntN(2) == 0 {
			http.Error(w, "service unavailable", http.StatusServiceUnavailable)
			return
		}
		writeFault(w, soap.FaultServer, soap.CarrierFault{Code: CodeServerBusy, Message: "The service is busy; try again later."})
		return
	}
	doc, f := s.handle(io.LimitReader(r.Body, 32<<20))
	if f != nil {
		s.mu.Lock()
		s.totals.Faults++
		s.mu.Unlock()
	}
	if out == hang && !wait(r, cfg.Hang) {
		return
	}
	if f != nil {
		writeFault(w, soap.FaultClient, *f)
		return
	}
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	_, _ = w.Write(doc)
}

func writeFault(w http.ResponseWriter, kind string, f soap.CarrierFault) {
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(soap.FaultEnvelope(kind, f))
}

// handle reads one request and carries it out.
func (s *Simulator) handle(body io.Reader) ([]byte, *soap.CarrierFault) {
	env, err := soap.ReadEnvelope(body)
	if err != nil {
		return nil, fault(CodeBadRequest, "", "%v", err)
	}
	if env.Name.Space != soap.Namespace {
		return nil, fault(CodeBadRequest, "", "Unknown operation %s in namespace %q.", env.Name.Local, env.Name.Space)
	}
	var answer any
	var f *soap.CarrierFault
	switch env.Name.Local {
	case soap.OpAuthenticate:
		answer, f = decodeAnd(env, s.authenticate)
	case soap.OpAddAndPrint:
		answer, f = decodeAnd(env, s.addAndPrint)
	case soap.OpFind:
		answer, f = decodeAnd(env, s.find)
	case soap.OpCancel:
		answer, f = decodeAnd(env, s.cancel)
	case soap.OpCreateManifest:
		answer, f = decodeAnd(env, s.createManifest)
	case soap.OpListCustoms:
		answer, f = decodeAnd(env, s.listCustoms)
	case soap.OpAckCustoms:
		answer, f = decodeAnd(env, s.ackCustoms)
	default:
		return nil, fault(CodeBadRequest, "", "Unknown operation %s.", env.Name.Local)
	}
	if f != nil {
		return nil, f
	}
	doc, err := soap.Envelope(answer)
	if err != nil {
		return nil, fault(CodeBadRequest, "", "%v", err)
	}
	return doc, nil
}

func decodeAnd[T any](env *soap.Body, op func(T) (any, *soap.CarrierFault)) (any, *soap.CarrierFault) {
	var req T
	if err := env.Decode(&req); err != nil {
		return nil, fault(CodeBadRequest, "", "The request cannot be read: %v", err)
	}
	return op(req)
}
