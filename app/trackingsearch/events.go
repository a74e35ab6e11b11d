package trackingsearch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/tracking"
)

// Events are a parcel's events as the caller may see them (Parcel's rules).
func (s Service) Events(ctx context.Context, caller *access.Caller, id string) ([]tracking.Event, bool, error) {
	p, err := s.Parcel(ctx, caller, id)
	return p.Events, p.Untracked, err
}
