package trackingsearch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/tracking"
)

// Sender is a parcel's sender, for callers who may see the parcel.
func (s Service) Sender(ctx context.Context, caller *access.Caller, id string) (tracking.Party, error) {
	p, err := s.Parcel(ctx, caller, id)
	return p.Sender, err
}
