package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"math/big"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The network printers listen on 127.0.0.2, the printer network make run
// allows (PRINTER_NETWORKS), where none of the portal's services listen.
const defaultPrinters = "Zebra ZD421=127.0.0.2:9110@203,Zebra ZT411=127.0.0.2:9111@300"

// hostStatusQuery is ZPL's ~HS as the portal sends it (core/printer).
const hostStatusQuery = "~HS\r\n"

// maxJob bounds what one job may hold; more is refused, not stored.
const maxJob = 16 << 20

// maxJobsKept bounds the jobs remembered; the oldest go first.
const maxJobsKept = 500

// printer is a fake Zebra: a name in the agent's list and a raw TCP port.
type printer struct {
	Name string `json:"name"`
	Addr string `json:"address"`
	DPI  int    `json:"dpi"`
}

// device is a printer as Browser Print describes it.
type device struct {
	Name         string `json:"name"`
	UID          string `json:"uid"`
	Connection   string `json:"connection"`
	DeviceType   string `json:"deviceType"`
	Version      int    `json:"version"`
	Provider     string `json:"provider"`
	Manufacturer string `json:"manufacturer"`
}

// job is what a printer received.
type job struct {
	ID         int       `json:"id"`
	Printer    string    `json:"printer"`
	Via        string    `json:"via"` // "agent", "agent-https" or "network"
	ReceivedAt time.Time `json:"receivedAt"`
	Labels     int       `json:"labels"`
	Bytes      int       `json:"bytes"`
	Data       string    `json:"data"`
}

func parsePrinters(s string) ([]printer, error) {
	var out []printer
	for _, part := range strings.Split(s, ",") {
		name, rest, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("%q is not name=host:port@dpi", part)
		}
		addr, dpi, _ := strings.Cut(rest, "@")
		p := printer{Name: name, Addr: addr, DPI: 203}
		if dpi != "" {
			n, err := strconv.Atoi(dpi)
			if err != nil {
				return nil, fmt.Errorf("%q: dpi %q", part, dpi)
			}
			p.DPI = n
		}
		out = append(out, p)
	}
	return out, nil
}

func (p printer) device() device {
	return device{Name: p.Name, UID: p.Name, Connection: "network", DeviceType: "printer", Version: 4,
		Provider: "com.zebra.ds.webdriver.desktop.provider.DefaultDeviceProvider", Manufacturer: "Zebra Technologies"}
}

type sim struct {
	printers []printer

	mu      sync.Mutex
	jobs    []job
	nextID  int
	hidden  map[string]bool
	agentOn bool

	agentAddr, controlAddr string
	agent                  *http.Server
	agentLn                net.Listener
	// tlsAddr is the agent's https port (Browser Print's 9101), "" for
	// none; it runs and stops with the http one, on a certificate made at
	// start for 127.0.0.1 and localhost.
	tlsAddr  string
	tlsAgent *http.Server
	tlsCert  *tls.Certificate
	control  *http.Server
	raw      []net.Listener
}

func newSim(printers []printer) *sim {
	return &sim{printers: printers, hidden: map[string]bool{}}
}

func (s *sim) start(agentAddr, controlAddr string) error {
	for _, p := range s.printers {
		ln, err := net.Listen("tcp", p.Addr)
		if err != nil {
			s.close()
			return fmt.Errorf("printer %s: %w", p.Name, err)
		}
		s.raw = append(s.raw, ln)
		go s.serveRaw(p, ln)
	}
	s.agentAddr = agentAddr
	if err := s.startAgent(); err != nil {
		s.close()
		return err
	}
	ln, err := net.Listen("tcp", controlAddr)
	if err != nil {
		s.close()
		return fmt.Errorf("control: %w", err)
	}
	s.controlAddr = ln.Addr().String()
	s.control = &http.Server{Handler: s.controlHandler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = s.control.Serve(ln) }()
	return nil
}

// startAgent listens for the agent; a stopped agent's port is closed, as
// when Browser Print is not running.
func (s *sim) startAgent() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.agentOn {
		return nil
	}
	ln, err := net.Listen("tcp", s.agentAddr)
	if err != nil {
		return fmt.Errorf("agent: %w", err)
	}
	s.agentAddr = ln.Addr().String()
	s.agentLn = ln
	s.agent = &http.Server{Handler: s.agentHandler("agent"), ReadHeaderTimeout: 5 * time.Second}
	s.agentOn = true
	go func(srv *http.Server) { _ = srv.Serve(ln) }(s.agent)
	if s.tlsAddr == "" {
		return nil
	}
	if s.tlsCert == nil {
		cert, err := selfSigned()
		if err != nil {
			return fmt.Errorf("agent https: %w", err)
		}
		s.tlsCert = &cert
	}
	tlsLn, err := net.Listen("tcp", s.tlsAddr)
	if err != nil {
		return fmt.Errorf("agent https: %w", err)
	}
	s.tlsAddr = tlsLn.Addr().String()
	s.tlsAgent = &http.Server{Handler: s.agentHandler("agent-https"), ReadHeaderTimeout: 5 * time.Second,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{*s.tlsCert}, MinVersion: tls.VersionTLS12}}
	go func(srv *http.Server) { _ = srv.ServeTLS(tlsLn, "", "") }(s.tlsAgent)
	return nil
}

// selfSigned makes the https agent's certificate, as Browser Print ships
// its own: a browser trusts it once the user accepted it (the browser test
// ignores certificate errors).
func selfSigned() (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	spec := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: "printersim Browser Print"},
		NotBefore:    time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, spec, spec, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}

func (s *sim) stopAgent() {
	s.mu.Lock()
	srv, tlsSrv := s.agent, s.tlsAgent
	s.agent, s.tlsAgent, s.agentOn = nil, nil, false
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
	if tlsSrv != nil {
		_ = tlsSrv.Close()
	}
}

func (s *sim) close() {
	s.stopAgent()
	if s.control != nil {
		_ = s.control.Close()
	}
	for _, ln := range s.raw {
		_ = ln.Close()
	}
}

func (s *sim) record(printerName, via string, data []byte) job {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	j := job{ID: s.nextID, Printer: printerName, Via: via, ReceivedAt: time.Now().UTC(),
		Labels: strings.Count(strings.ToUpper(string(data)), "^XA"), Bytes: len(data), Data: string(data)}
	s.jobs = append(s.jobs, j)
	if len(s.jobs) > maxJobsKept {
		s.jobs = slices.Delete(s.jobs, 0, len(s.jobs)-maxJobsKept)
	}
	return j
}

// hostStatus is a ZD421's answer to ~HS: three frames of STX ... ETX CR LF.
const hostStatus = "\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n"

// serveRaw takes raw TCP jobs: everything sent until the sender closes. A
// job that starts with ~HS is answered with the host status first, as a
// Zebra does, and the query is not part of the job.
func (s *sim) serveRaw(p printer, ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
			r := bufio.NewReader(io.LimitReader(c, maxJob+1))
			if head, _ := r.Peek(len(hostStatusQuery)); string(head) == hostStatusQuery {
				_, _ = r.Discard(len(hostStatusQuery))
				_, _ = c.Write([]byte(hostStatus))
			}
			data, err := io.ReadAll(r)
			if (err != nil && !errors.Is(err, io.EOF)) || len(data) == 0 || len(data) > maxJob {
				return
			}
			s.record(p.Name, "network", data)
		}()
	}
}

func (s *sim) visible() []printer {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []printer
	for _, p := range s.printers {
		if !s.hidden[p.Name] {
			out = append(out, p)
		}
	}
	return out
}

// agentHandler answers as Browser Print does, with CORS open to any page
// (the agent serves every site the user opens).
// agentHandler serves Browser Print's API; jobs are recorded as coming
// through via ("agent", or "agent-https" on the https port).
func (s *sim) agentHandler(via string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /available", func(w http.ResponseWriter, _ *http.Request) {
		devices := []device{}
		for _, p := range s.visible() {
			devices = append(devices, p.device())
		}
		writeJSON(w, map[string]any{"printer": devices})
	})
	mux.HandleFunc("GET /default", func(w http.ResponseWriter, r *http.Request) {
		v := s.visible()
		if t := r.URL.Query().Get("type"); (t != "" && t != "printer") || len(v) == 0 {
			return // Browser Print answers an empty body when there is no default
		}
		writeJSON(w, v[0].device())
	})
	mux.HandleFunc("POST /write", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Device device `json:"device"`
			Data   string `json:"data"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, maxJob*2)).Decode(&body); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		for _, p := range s.visible() {
			if p.Name == body.Device.Name || p.Name == body.Device.UID {
				s.record(p.Name, via, []byte(body.Data))
				return
			}
		}
		http.Error(w, "Unknown device", http.StatusInternalServerError)
	})
	mux.HandleFunc("POST /read", func(http.ResponseWriter, *http.Request) {})
	return cors(mux)
}

func cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
		w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

var jobsPage = template.Must(template.New("jobs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Printer simulator</title>
<meta http-equiv="refresh" content="5"></head>
<body style="font-family: sans-serif">
<h1>Printer simulator</h1>
<p>Browser Print agent: {{.Agent}} ({{if .AgentOn}}running{{else}}stopped{{end}})</p>
<h2>Printers</h2>
<ul>{{range .Printers}}<li>{{.Name}}: raw TCP {{.Addr}}, {{.DPI}} dpi</li>{{end}}</ul>
<h2>Jobs (newest first)</h2>
{{range .Jobs}}<details><summary>#{{.ID}} {{.ReceivedAt.Format "15:04:05"}}: {{.Labels}} label(s), {{.Bytes}} bytes to {{.Printer}} via {{.Via}}</summary><pre>{{.Data}}</pre></details>
{{else}}<p>No jobs yet.</p>{{end}}
</body></html>`))

// controlHandler lists jobs and drives the simulator from tests.
func (s *sim) controlHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		jobs := slices.Clone(s.jobs)
		on := s.agentOn
		s.mu.Unlock()
		slices.Reverse(jobs)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = jobsPage.Execute(w, map[string]any{"Agent": s.agentAddr, "AgentOn": on, "Printers": s.printers, "Jobs": jobs})
	})
	mux.HandleFunc("GET /jobs", func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		writeJSON(w, append([]job{}, s.jobs...))
	})
	mux.HandleFunc("DELETE /jobs", func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		s.jobs = nil
		s.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /agent/stop", func(w http.ResponseWriter, _ *http.Request) {
		s.stopAgent()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /agent/start", func(w http.ResponseWriter, _ *http.Request) {
		if err := s.startAgent(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	// PUT /agent/hidden takes the names the agent leaves out of its list.
	mux.HandleFunc("PUT /agent/hidden", func(w http.ResponseWriter, r *http.Request) {
		var names []string
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&names); err != nil {
			http.Error(w, "a JSON list of names", http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.hidden = map[string]bool{}
		for _, n := range names {
			s.hidden[n] = true
		}
		s.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	return cors(mux)
}
