package manifests

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/manifest"
)

// RoutingOptions keeps the default routing options (the default
// manifesting rules of the manifest-carrier countries).
//
// Contract: List answers every stored option ordered by country; Save
// inserts or replaces the option of its country with its type, carrier and
// UpdatedBy, and a List after it answers the saved values.
type RoutingOptions interface {
	List(ctx context.Context) ([]manifest.RoutingOption, error)
	Save(ctx context.Context, o manifest.RoutingOption) error
}

// ListRoutingOptions answers the default routing option of every
// manifest-carrier country, in the order of manifest.Countries; a country
// without a stored option comes with an empty type and carrier (its
// parcels fall back to the customer's type, else manifest.DefaultType).
// Admins only.
func (s Service) ListRoutingOptions(ctx context.Context, caller *access.Caller) ([]manifest.RoutingOption, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	stored, err := s.defaults(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]manifest.RoutingOption, 0, len(manifest.Countries))
	for _, c := range manifest.Countries {
		o, ok := stored[c]
		if !ok {
			o = manifest.RoutingOption{Country: c}
		}
		out = append(out, o)
	}
	return out, nil
}

// UpdateRoutingOption changes the default manifest type and carrier of one
// manifest-carrier country (manifest.CheckRoutingOption); admins only. The
// manifests gathered from then on use it; those started keep theirs.
func (s Service) UpdateRoutingOption(ctx context.Context, caller *access.Caller, o manifest.RoutingOption) (manifest.RoutingOption, error) {
	if err := access.Admins.Check(caller); err != nil {
		return manifest.RoutingOption{}, err
	}
	o, err := manifest.CheckRoutingOption(o)
	if err != nil {
		return manifest.RoutingOption{}, err
	}
	o.UpdatedBy = caller.Login
	if err := s.Routing.Save(ctx, o); err != nil {
		return manifest.RoutingOption{}, err
	}
	return o, nil
}

// defaults reads the default routing options by country; none when the
// service has no store of them.
func (s Service) defaults(ctx context.Context) (manifest.Defaults, error) {
	if s.Routing == nil {
		return nil, nil
	}
	options, err := s.Routing.List(ctx)
	if err != nil {
		return nil, err
	}
	return manifest.DefaultsOf(options), nil
}
