package trackingsearch

import (
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
	"parcelportal/core/tracking"
)

// Parcel is a parcel's details as the caller may see them.
type Parcel struct {
	tracking.Detail
	// Untracked: the product is not tracked; a non-internal caller sees
	// only the label events, with 'untracked' and 'no further events
	// available'.
	Untracked bool
	// ActiveStep is the progress bar's step (0 to 5).
	ActiveStep int
	// Internal: the caller sees the customer-service events and the
	// carrier's own codes.
	Internal bool
	// InquiryProduct is the product an inquiry about the parcel names
	// (core/inquiry.ProductOfCode of its product code).
	InquiryProduct string
}

// Parcel reads a parcel's details by tracking id. A parcel of a customer
// the caller does not act for is not found, as is an unknown one.
func (s Service) Parcel(ctx context.Context, caller *access.Caller, id string) (Parcel, error) {
	sc, err := s.scopeOf(ctx, caller)
	if err != nil {
		return Parcel{}, err
	}
	id = strings.TrimSpace(id)
	if id == "" || len(id) > 50 {
		return Parcel{}, tracking.ErrNotFound
	}
	d, err := s.find(ctx, sc, id)
	if err != nil {
		return Parcel{}, err
	}
	names, err := s.names(ctx, sc)
	if err != nil {
		return Parcel{}, err
	}
	if n := names[d.CustomerID]; n != "" {
		d.CustomerName = n
	}
	view := tracking.Visible(d.Events, d.ProductCode, d.ProductDescription, sc.internal)
	d.Events = view.Events
	if !sc.internal {
		d.Subsidiary = ""
	}
	if view.Untracked {
		d.LastMileCarrier, d.LastMileCarrierURL, d.CurrentReceptacleID = "", "", ""
	}
	return Parcel{Detail: d, Untracked: view.Untracked, ActiveStep: tracking.ActiveStep(d.Events), Internal: sc.internal,
		InquiryProduct: inquiry.ProductOfCode(d.ProductCode)}, nil
}

// find asks the tracking service with the caller's accounts until one
// knows the parcel, and keeps it only if it is one of the caller's
// customers'.
func (s Service) find(ctx context.Context, sc scope, id string) (tracking.Detail, error) {
	if sc.internal {
		return s.Tracking.Parcel(ctx, s.Staff, id)
	}
	for _, a := range sc.distinctAccounts() {
		d, err := s.Tracking.Parcel(ctx, a, id)
		if failure.HasKey(err, tracking.KeyNotFound) {
			continue
		}
		if err != nil {
			return tracking.Detail{}, err
		}
		if !sc.has(d.CustomerID) {
			return tracking.Detail{}, tracking.ErrNotFound
		}
		return d, nil
	}
	return tracking.Detail{}, tracking.ErrNotFound
}
