package dashboards

import (
	"context"

	"parcelportal/app/trackingsearch"
	"parcelportal/core/access"
)

// Track reads a shipment's journey for the tracking box by its tracking id:
// the events the caller may see and the progress step, under tracking's
// rules (the caller's customers only, tracking enabled for one of them,
// untracked products showing only their label events).
func (s Service) Track(ctx context.Context, caller *access.Caller, id string) (trackingsearch.Parcel, error) {
	if err := Roles.Check(caller); err != nil {
		return trackingsearch.Parcel{}, err
	}
	return s.Tracking.Parcel(ctx, caller, id)
}
