package trackingsearch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/tracking"
)

// Receiver is a parcel's recipient, for callers who may see the parcel.
func (s Service) Receiver(ctx context.Context, caller *access.Caller, id string) (tracking.Party, error) {
	p, err := s.Parcel(ctx, caller, id)
	return p.Receiver, err
}
