// Package simulator is the carrier's shipping service in memory, speaking
// the same WSDL as the adapter (adapters/carrier/carrier.wsdl) over HTTP.
// cmd/carriersim serves it on its own port; the portal embeds it when no
// carrier endpoint is configured.
//
// It renders real labels (PDF or ZPL with a Code 128 barcode), customs
// documents and manifests, and counts the labels it issued per client
// reference: every AddAndPrintShipment makes a new label, so a test proves
// that the portal never labelled a shipment twice by reading the counts
// (Issued, or GET /stats from another process). Latency, transient faults,
// time-outs and per-field SOAP faults are set with options or at run time
// through POST /control, so that tests can provoke every error path.
package simulator

import (
	"maps"
	"math/rand/v2"
	"sync"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/credcheck"
)

// The credentials the simulator accepts, the same as its POST
// /check-credentials: user demo with password portal-demo, or (for the A1
// client, which must send one) the API key demo-key.
const (
	Username = credcheck.DemoUsername
	Password = credcheck.DemoPassword
	APIKey   = credcheck.DemoAPIKey
)

// FieldFault makes the simulator refuse a shipment whose field has a value:
// a SOAP client fault with Code, naming Field. Values compare without case
// and surrounding blanks.
type FieldFault struct {
	Field   string `json:"field"`
	Value   string `json:"value"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// DefaultFieldFaults are the refusals a simulator starts with, so that a
// test can provoke one from an otherwise valid CSV row.
var DefaultFieldFaults = []FieldFault{
	{Field: "postalcode", Value: "00000", Code: CodeInvalidPostalCode, Message: "The postal code does not exist at the destination."},
	{Field: "city", Value: "Nowhere", Code: CodeInvalidField, Message: "The city is unknown at the destination."},
}

// Config is how the simulator behaves; the zero value of a field means
// "not at all" (no latency, no faults), except where New sets a default.
type Config struct {
	// Latency delays every SOAP answer.
	Latency time.Duration
	// FaultRate is the share of SOAP calls (0 to 1) answered with HTTP 503
	// or a ServerBusy server fault, before anything is done.
	FaultRate float64
	// TimeoutRate is the share of SOAP calls that are carried out but whose
	// answer is held back for Hang: the caller times out not knowing that
	// the label was made, the case that makes FindShipment necessary.
	TimeoutRate float64
	// Hang is how long a timed-out call holds its answer (or until the
	// caller gives up); default 2 minutes.
	Hang time.Duration
	// TicketLifetime is how long an Authenticate ticket lasts; default 30 minutes.
	TicketLifetime time.Duration
	// FieldFaults refuse shipments with certain field values; default DefaultFieldFaults.
	FieldFaults []FieldFault
}

func (c Config) clone() Config {
	c.FieldFaults = append([]FieldFault(nil), c.FieldFaults...)
	return c
}

// Option changes the configuration New starts with.
type Option func(*Simulator)

// WithLatency delays every SOAP answer by d.
func WithLatency(d time.Duration) Option { return func(s *Simulator) { s.cfg.Latency = d } }

// WithFaultRate answers that share of calls (0 to 1) with a transient failure.
func WithFaultRate(rate float64) Option { return func(s *Simulator) { s.cfg.FaultRate = rate } }

// WithTimeoutRate holds back the answer of that share of calls (0 to 1) for hang.
func WithTimeoutRate(rate float64, hang time.Duration) Option {
	return func(s *Simulator) { s.cfg.TimeoutRate, s.cfg.Hang = rate, hang }
}

// WithTicketLifetime sets how long tickets last.
func WithTicketLifetime(d time.Duration) Option {
	return func(s *Simulator) { s.cfg.TicketLifetime = d }
}

// WithFieldFaults replaces the default field faults (none: no arguments).
func WithFieldFaults(faults ...FieldFault) Option {
	return func(s *Simulator) { s.cfg.FieldFaults = append([]FieldFault(nil), faults...) }
}

// Observer is told of every label the simulator makes, with the CRM id of
// the customer it was made for: the tracking simulator, in the same process
// or over HTTP (PostTo), so that the parcel's journey starts to play.
type Observer interface {
	Labelled(customer string, l labels.Label)
}

// WithObserver tells o of every label made.
func WithObserver(o Observer) Option { return func(s *Simulator) { s.observer = o } }

// WithClock makes the simulator read the time from now (ticket expiry, dates on documents).
func WithClock(now func() time.Time) Option { return func(s *Simulator) { s.now = now } }

// Simulator is the carrier; it is an http.Handler and safe for concurrent use.
type Simulator struct {
	now      func() time.Time
	observer Observer

	mu       sync.Mutex
	cfg      Config
	initial  Config
	failNext int
	tickets  map[string]session
	// parcels by identifier; latest by customer and client reference.
	parcels   map[string]*parcel
	latest    map[string]*parcel
	issued    map[string]int
	manifests map[string]string
	serial    int64
	manifestN int64
	// customs are the customs documents published for manifested parcels
	// and not yet acknowledged, per customer, oldest first.
	customs map[string][]published
	totals  Totals
}

type session struct {
	customer string
	expires  time.Time
}

type parcel struct {
	customer   string
	reference  string
	identifier string
	label      []byte
	content    string
	customs    []byte
	cancelled  bool
	manifest   string
}

// New returns a simulator with no latency and no random faults, tickets
// lasting 30 minutes and the default field faults, changed by opts.
func New(opts ...Option) *Simulator {
	s := &Simulator{
		now: time.Now,
		cfg: Config{Hang: 2 * time.Minute, TicketLifetime: 30 * time.Minute, FieldFaults: append([]FieldFault(nil), DefaultFieldFaults...)},
	}
	for _, o := range opts {
		o(s)
	}
	s.initial = s.cfg.clone()
	s.clear()
	return s
}

// clear forgets every ticket, label and manifest; the caller holds mu or owns s.
func (s *Simulator) clear() {
	s.tickets = map[string]session{}
	s.parcels = map[string]*parcel{}
	s.latest = map[string]*parcel{}
	s.issued = map[string]int{}
	s.manifests = map[string]string{}
	s.customs = map[string][]published{}
	s.failNext = 0
	s.totals = Totals{}
	// Serials start somewhere random, so that identifiers of a restarted
	// simulator do not repeat those the portal already stored.
	s.serial = rand.Int64N(50_000_000)
}

// Config returns the current configuration.
func (s *Simulator) Config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg.clone()
}

// Configure changes the configuration while the simulator serves.
func (s *Simulator) Configure(change func(*Config)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	change(&s.cfg)
	s.cfg = s.cfg.clone()
}

// FailNext makes the next n SOAP calls fail transiently (HTTP 503 or a
// ServerBusy fault): a deterministic way to test retries.
func (s *Simulator) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = max(n, 0)
}

// Reset forgets every ticket, label, count and manifest; the configuration stays.
func (s *Simulator) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
}

// Issued counts the labels made for a client reference.
func (s *Simulator) Issued(reference string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issued[reference]
}

// IssuedAll returns the count of labels per client reference.
func (s *Simulator) IssuedAll() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.issued)
}

// Totals count what the simulator did since it started or was reset.
type Totals struct {
	Authentications int `json:"authentications"`
	Labels          int `json:"labels"`
	// References is how many client references got a label; Duplicates how
	// many of them got more than one.
	References int `json:"references"`
	Duplicates int `json:"duplicates"`
	Finds      int `json:"finds"`
	Cancels    int `json:"cancels"`
	Manifests  int `json:"manifests"`
	// Faults are client faults answered; Unavailable the transient
	// failures; Timeouts the answers held back.
	Faults      int `json:"faults"`
	Unavailable int `json:"unavailable"`
	Timeouts    int `json:"timeouts"`
}

// Totals returns the counters.
func (s *Simulator) Totals() Totals {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.totalsLocked()
}

func (s *Simulator) totalsLocked() Totals {
	t := s.totals
	t.References = len(s.issued)
	for _, n := range s.issued {
		if n > 1 {
			t.Duplicates++
		}
	}
	return t
}
