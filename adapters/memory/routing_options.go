package memory

import (
	"context"
	"slices"
	"strings"
	"sync"

	"parcelportal/app/manifests"
	"parcelportal/core/manifest"
)

// RoutingOptions keeps the default routing options in memory.
type RoutingOptions struct {
	mu   sync.Mutex
	rows map[string]manifest.RoutingOption
}

var _ manifests.RoutingOptions = (*RoutingOptions)(nil)

// NewRoutingOptions returns a store holding options.
func NewRoutingOptions(options ...manifest.RoutingOption) *RoutingOptions {
	s := &RoutingOptions{rows: map[string]manifest.RoutingOption{}}
	for _, o := range options {
		s.rows[o.Country] = o
	}
	return s
}

// List answers the options ordered by country.
func (s *RoutingOptions) List(context.Context) ([]manifest.RoutingOption, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]manifest.RoutingOption, 0, len(s.rows))
	for _, o := range s.rows {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b manifest.RoutingOption) int { return strings.Compare(a.Country, b.Country) })
	return out, nil
}

// Save inserts or replaces the option of its country.
func (s *RoutingOptions) Save(_ context.Context, o manifest.RoutingOption) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rows[o.Country] = o
	return nil
}
