package simulator

import (
	"errors"
	"net/http"
	"time"

	"parcelportal/adapters/httpserver"
)

// Control is the body of POST /control; absent fields leave the setting as
// it is. Durations are milliseconds. Order: defaults, then reset, then the
// settings given.
//
//	{"reset": true}                        forget labels, counts, tickets, manifests
//	{"defaults": true}                     the configuration the simulator started with
//	{"latencyMs": 100, "faultRate": 0.1, "timeoutRate": 0.02, "hangMs": 60000,
//	 "ticketLifetimeMs": 1800000, "failNext": 3,
//	 "fieldFaults": [{"field": "postalcode", "value": "00000", "code": "InvalidPostalCode", "message": "..."}],
//	 "carrierListFault": true}
type Control struct {
	Reset            bool          `json:"reset,omitempty"`
	Defaults         bool          `json:"defaults,omitempty"`
	LatencyMS        *int64        `json:"latencyMs,omitempty"`
	FaultRate        *float64      `json:"faultRate,omitempty"`
	TimeoutRate      *float64      `json:"timeoutRate,omitempty"`
	HangMS           *int64        `json:"hangMs,omitempty"`
	TicketLifetimeMS *int64        `json:"ticketLifetimeMs,omitempty"`
	FieldFaults      *[]FieldFault `json:"fieldFaults,omitempty"`
	// FailNext makes the next n SOAP calls fail transiently.
	FailNext *int `json:"failNext,omitempty"`
	// CarrierListFault makes GET /carriers.csv fail while true.
	CarrierListFault *bool `json:"carrierListFault,omitempty"`
}

// Settings is the configuration as GET and POST /control answer it.
type Settings struct {
	LatencyMS        int64        `json:"latencyMs"`
	FaultRate        float64      `json:"faultRate"`
	TimeoutRate      float64      `json:"timeoutRate"`
	HangMS           int64        `json:"hangMs"`
	TicketLifetimeMS int64        `json:"ticketLifetimeMs"`
	FieldFaults      []FieldFault `json:"fieldFaults"`
	FailNext         int          `json:"failNext"`
	CarrierListFault bool         `json:"carrierListFault"`
}

// Stats is the body of GET /stats.
type Stats struct {
	// Issued counts labels per client reference.
	Issued map[string]int `json:"issued"`
	Totals
}

func ms(d time.Duration) int64 { return d.Milliseconds() }

func (s *Simulator) settingsLocked() Settings {
	return Settings{
		LatencyMS: ms(s.cfg.Latency), FaultRate: s.cfg.FaultRate, TimeoutRate: s.cfg.TimeoutRate, HangMS: ms(s.cfg.Hang),
		TicketLifetimeMS: ms(s.cfg.TicketLifetime), FieldFaults: append([]FieldFault{}, s.cfg.FieldFaults...), FailNext: s.failNext,
		CarrierListFault: s.cfg.CarrierListFault,
	}
}

func rate(v *float64) bool { return v == nil || (*v >= 0 && *v <= 1) }

func nonNegative(v *int64) bool { return v == nil || *v >= 0 }

// Settings is the configuration as GET /control answers it.
func (s *Simulator) Settings() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settingsLocked()
}

// Apply carries out a control request; nothing changes when it is invalid.
func (s *Simulator) Apply(c Control) (Settings, error) {
	if !rate(c.FaultRate) || !rate(c.TimeoutRate) {
		return Settings{}, errors.New("rates are between 0 and 1")
	}
	if !nonNegative(c.LatencyMS) || !nonNegative(c.HangMS) || !nonNegative(c.TicketLifetimeMS) || c.FailNext != nil && *c.FailNext < 0 {
		return Settings{}, errors.New("durations and counts are not negative")
	}
	if c.FieldFaults != nil {
		for _, f := range *c.FieldFaults {
			if f.Field == "" || f.Code == "" {
				return Settings{}, errors.New("a field fault names a field and a code")
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Defaults {
		s.cfg = s.initial.clone()
	}
	if c.Reset {
		s.clear()
	}
	set := func(d *time.Duration, v *int64) {
		if v != nil {
			*d = time.Duration(*v) * time.Millisecond
		}
	}
	set(&s.cfg.Latency, c.LatencyMS)
	set(&s.cfg.Hang, c.HangMS)
	set(&s.cfg.TicketLifetime, c.TicketLifetimeMS)
	if c.FaultRate != nil {
		s.cfg.FaultRate = *c.FaultRate
	}
	if c.TimeoutRate != nil {
		s.cfg.TimeoutRate = *c.TimeoutRate
	}
	if c.FieldFaults != nil {
		s.cfg.FieldFaults = append([]FieldFault(nil), *c.FieldFaults...)
	}
	if c.FailNext != nil {
		s.failNext = *c.FailNext
	}
	if c.CarrierListFault != nil {
		s.cfg.CarrierListFault = *c.CarrierListFault
	}
	return s.settingsLocked(), nil
}

func (s *Simulator) serveStats(w http.ResponseWriter) {
	s.mu.Lock()
	st := Stats{Issued: make(map[string]int, len(s.issued)), Totals: s.totalsLocked()}
	for k, v := range s.issued {
		st.Issued[k] = v
	}
	s.mu.Unlock()
	httpserver.WriteJSON(w, http.StatusOK, st)
}
