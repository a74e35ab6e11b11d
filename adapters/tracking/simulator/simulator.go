// Package simulator is the carrier's tracking API in memory, served over
// HTTP with the same contract adapters/tracking speaks (see api.go).
// cmd/trackingsim serves it on its own port; the portal embeds it when
// TRACKING_URL is unset.
//
// It knows the parcels the carrier simulator labelled: the carrier
// simulator tells it of each label (Labelled, in the same process, or POST
// /parcels from cmd/carriersim started with -tracking-url). Each parcel then
// plays a journey that is the same for the same identifier (journey.go):
// ELECNOT and PRINTLAB at once, then CHECKIN, DEPSUB, ARRDEST,
// OUTDELIVCENTER and DELIVERY over about two simulated days, some parcels
// with an exception or a customer-service event. Speedup compresses the
// simulated time: at 720 (the default) a simulated hour passes in 5
// seconds and a parcel is delivered in about 4 minutes. Latency and
// transient faults are set with options or at run time through POST
// /control, as for the carrier simulator.
package simulator

import (
	"math/rand/v2"
	"sync"
	"time"

	"parcelportal/adapters/carrier/labels"
)

// DefaultSpeedup makes a simulated hour pass in 5 real seconds.
const DefaultSpeedup = 720

// Config is how the simulator behaves.
type Config struct {
	// Latency delays every API answer.
	Latency time.Duration
	// FaultRate is the share of API calls (0 to 1) answered with HTTP 503.
	FaultRate float64
	// Speedup is how many times faster than real time journeys play; at
	// least 1.
	Speedup float64
}

// Option changes the configuration New starts with.
type Option func(*Simulator)

// WithLatency delays every API answer by d.
func WithLatency(d time.Duration) Option { return func(s *Simulator) { s.cfg.Latency = d } }

// WithFaultRate answers that share of calls (0 to 1) with HTTP 503.
func WithFaultRate(rate float64) Option { return func(s *Simulator) { s.cfg.FaultRate = rate } }

// WithSpeedup plays journeys that many times faster than real time.
func WithSpeedup(f float64) Option { return func(s *Simulator) { s.cfg.Speedup = max(f, 1) } }

// WithClock makes the simulator read the time from now.
func WithClock(now func() time.Time) Option { return func(s *Simulator) { s.now = now } }

// Simulator is the tracking API; it is an http.Handler and safe for
// concurrent use.
type Simulator struct {
	now func() time.Time

	mu       sync.Mutex
	cfg      Config
	initial  Config
	failNext int
	// advance moves the simulator's clock on (POST /control advanceMinutes).
	advance time.Duration
	parcels map[string]*parcel
	calls   int
	faults  int
}

// parcel is a label the carrier made, for the customer with the CRM id.
type parcel struct {
	customer string
	label    labels.Label
	at       time.Time
	// plan is the whole journey, planned at planSpeedup.
	plan        Journey
	planSpeedup float64
}

// journey is the parcel's whole journey at the speed-up, planned once per
// speed-up; the caller holds mu.
func (p *parcel) journey(speedup float64) Journey {
	if p.planSpeedup != speedup {
		p.plan, p.planSpeedup = Plan(p.label, p.at, speedup), speedup
	}
	return p.plan
}

// New returns a simulator with no latency, no faults and DefaultSpeedup,
// changed by opts.
func New(opts ...Option) *Simulator {
	s := &Simulator{now: time.Now, cfg: Config{Speedup: DefaultSpeedup}}
	for _, o := range opts {
		o(s)
	}
	s.initial = s.cfg
	s.parcels = map[string]*parcel{}
	return s
}

// Labelled records a label the carrier made for the customer (its CRM id):
// from now on its journey plays. A second notice of the same identifier
// changes nothing.
func (s *Simulator) Labelled(customer string, l labels.Label) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.parcels[l.Identifier]; ok || l.Identifier == "" {
		return
	}
	at := l.Date
	if at.IsZero() {
		at = s.clock()
	}
	s.parcels[l.Identifier] = &parcel{customer: customer, label: l, at: at}
}

// Config returns the current configuration.
func (s *Simulator) Config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

// Configure changes the configuration while the simulator serves.
func (s *Simulator) Configure(change func(*Config)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	change(&s.cfg)
	s.cfg.Speedup = max(s.cfg.Speedup, 1)
}

// FailNext makes the next n API calls answer HTTP 503.
func (s *Simulator) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = max(n, 0)
}

// Advance moves the simulator's clock on by d (real time; journeys move
// d times Speedup).
func (s *Simulator) Advance(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.advance += d
}

// Reset forgets every parcel and the clock's advance; the configuration stays.
func (s *Simulator) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parcels = map[string]*parcel{}
	s.advance, s.failNext, s.calls, s.faults = 0, 0, 0, 0
}

// clock is the simulator's now; the caller holds mu.
func (s *Simulator) clock() time.Time { return s.now().Add(s.advance) }

// fault decides whether a call fails transiently; the caller holds mu.
func (s *Simulator) fault() bool {
	s.calls++
	if s.failNext > 0 {
		s.failNext--
		s.faults++
		return true
	}
	if s.cfg.FaultRate > 0 && rand.Float64() < s.cfg.FaultRate {
		s.faults++
		return true
	}
	return false
}

// snapshot is a parcel with the events that happened by now.
type snapshot struct {
	id       string
	customer string
	label    *labels.Label
	at       time.Time
	journey  Journey
}

// parcelsLocked answers every parcel with its journey as of now, in no
// order; the caller holds mu.
func (s *Simulator) parcelsLocked() []snapshot {
	now := s.clock()
	out := make([]snapshot, 0, len(s.parcels))
	for id, p := range s.parcels {
		out = append(out, snapshot{id: id, customer: p.customer, label: &p.label, at: p.at, journey: p.journey(s.cfg.Speedup).Until(now)})
	}
	return out
}

func (s *Simulator) one(id string) (snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.parcels[id]
	if !ok {
		return snapshot{}, false
	}
	return snapshot{id: id, customer: p.customer, label: &p.label, at: p.at, journey: p.journey(s.cfg.Speedup).Until(s.clock())}, true
}
