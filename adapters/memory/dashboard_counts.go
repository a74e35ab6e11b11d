package memory

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"parcelportal/core/dashboard"
)

// DashboardCounts is the dashboard's counts over shipments kept in memory;
// it counts them on every call, which a fake may.
type DashboardCounts struct {
	mu        sync.Mutex
	next      int64
	shipments map[int64]countedShipment
}

type countedShipment struct {
	customer int64
	country  string
	day      time.Time
	state    string
}

// Ship stores a shipment (storetest.Shipments).
func (s *DashboardCounts) Ship(customerID int64, country string, at time.Time, state string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shipments == nil {
		s.shipments = map[int64]countedShipment{}
	}
	s.next++
	at = at.UTC()
	s.shipments[s.next] = countedShipment{customerID, strings.ToUpper(country), time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC), state}
	return s.next
}

// SetState moves a shipment to the state.
func (s *DashboardCounts) SetState(id int64, state string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[id]
	sh.state = state
	s.shipments[id] = sh
}

// Delete removes a shipment.
func (s *DashboardCounts) Delete(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.shipments, id)
}

func (s *DashboardCounts) count(customerID int64, keep func(countedShipment) bool) map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int64{}
	for _, sh := range s.shipments {
		if sh.customer == customerID && sh.state == "DONE" && sh.country != "" && keep(sh) {
			out[sh.country]++
		}
	}
	return out
}

// PerCountry counts the customer's labelled shipments per country.
func (s *DashboardCounts) PerCountry(_ context.Context, customerID int64) ([]dashboard.CountryCount, error) {
	var out []dashboard.CountryCount
	for c, n := range s.count(customerID, func(countedShipment) bool { return true }) {
		out = append(out, dashboard.CountryCount{Country: c, Count: n})
	}
	return dashboard.Sorted(out), nil
}

// InCountries counts the customer's labelled shipments to the countries on
// the search's days.
func (s *DashboardCounts) InCountries(_ context.Context, customerID int64, q dashboard.Search) (int64, error) {
	var n int64
	for _, c := range s.count(customerID, func(sh countedShipment) bool {
		return slices.Contains(q.Countries, sh.country) && (q.From.IsZero() || !sh.day.Before(q.From)) && (q.To.IsZero() || !sh.day.After(q.To))
	}) {
		n += c
	}
	return n, nil
}
