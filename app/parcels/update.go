package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Update replaces a parcel's values and validates them again; the stored
// values are answered with their violations (an invalid form is stored, to
// be fixed, and is not labelled). A parcel in a manifest is not changed.
// Its label stays until it is labelled again.
func (s Service) Update(ctx context.Context, caller *access.Caller, id int64, f Form) (shipment.Validated, error) {
	p, err := s.visible(ctx, caller, id)
	if err != nil {
		return shipment.Validated{}, err
	}
	if p.InManifest() {
		return shipment.Validated{}, parcel.ErrManifested
	}
	_, rules, err := s.customerRules(ctx, p.CustomerID)
	if err != nil {
		return shipment.Validated{}, err
	}
	v := f.validate(rules)
	saved, err := s.Parcels.Update(ctx, id, func(p *parcel.Parcel) error {
		if p.InManifest() {
			return parcel.ErrManifested
		}
		p.Validated = v
		return nil
	})
	if err != nil {
		return shipment.Validated{}, err
	}
	return saved.Validated, nil
}
