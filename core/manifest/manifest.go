// Package manifest decides how labelled parcels become manifests: which
// manifest type and hub a parcel goes to by the customer's manifesting rules
// (spec 3 section 3), one manifest per hub and manifest type, and what a
// selection may hold. Its schedule half (schedule.go) tells when an
// automatic manifest is due.
package manifest

import (
	"slices"
	"strconv"
	"strings"

	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// DefaultType is the manifest type of a customer that names none (spec 2
// section 4.8: the default set).
const DefaultType = "MANIFEST_TO_CARIER"

// FileName is the source a gathered batch shows in the batch list, which
// offers no file download for it (spec 2 section 2.1).
const FileName = "Single Parcels"

// Object names a manifest in failures.
const Object = "manifest"

// Message keys of manifest refusals, translated by the webapp.
const (
	// KeyNothingSelected: the call names no parcel.
	KeyNothingSelected = "error.manifest.nothingSelected"
	// KeyTooMany: more parcels than one call may name (MaxSelection).
	KeyTooMany = "error.manifest.tooManyParcels"
	// KeyParcelNotFound: a parcel that does not exist or is another
	// customer's.
	KeyParcelNotFound = "error.manifest.parcelNotFound"
	// KeyAlreadyManifested names a parcel that is in a manifest already
	// (attribute parcelId).
	KeyAlreadyManifested = "error.manifest.alreadyManifested"
	// KeyNotLabelled names a parcel without a live label (attribute parcelId).
	KeyNotLabelled = "error.manifest.notLabelled"
	// KeyBeingLabelled names a parcel whose label is being made or replaced
	// right now (attribute parcelId): try again in a moment.
	KeyBeingLabelled = "error.manifest.beingLabelled"
)

// MaxSelection bounds the parcels of one call: the parcel list's largest page.
const MaxSelection = 1000

// ErrParcelNotFound: a selected parcel does not exist for the caller.
var ErrParcelNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyParcelNotFound, Entity: Object}

// Parcel is what manifesting reads of a parcel: whose it is, where it goes,
// and whether it may join a manifest.
type Parcel struct {
	ID          int64
	CustomerID  int64
	Destination string
	Product     string
	Service     string
	// Options are the parcel's additional options ('|'-joined in the form).
	Options []string
	// Manifested: the parcel is in a manifest (its batch_id is set).
	Manifested bool
	// Labelled: the parcel's shipment holds a live label (DONE).
	Labelled bool
	// Labelling: a label call holds the parcel's lease, so its label may be
	// replaced or voided while a manifest would gather it.
	Labelling bool
}

// Key is one manifest of a customer: its hub, manifest type and carrier.
type Key struct {
	HubID        int64
	ManifestType string
	// Carrier is the destination's carrier by the default routing options
	// (empty for a destination without one).
	Carrier string
}

// Route is the manifest type, hub and carrier of a parcel. The type and hub
// come from the first of the customer's manifesting rules that matches it,
// else from the customer's own manifest type and hub; where the customer
// names no type of its own, the default routing option of the parcel's
// destination (defaults) gives it, else DefaultType. A rule matches when
// each of its destination, product and service is empty or equal to the
// parcel's, and the parcel has every one of its additional options; a rule
// without a type or hub takes the customer's. The carrier is always the
// destination's default (customer rules name none).
func Route(c customer.Customer, defaults Defaults, p Parcel) Key {
	def := Key{HubID: c.HubID, ManifestType: c.ManifestType}
	fallback, ok := defaults[strings.ToUpper(p.Destination)]
	if ok {
		def.Carrier = fallback.Carrier
	}
	if def.ManifestType == "" {
		def.ManifestType = DefaultType
		if ok && fallback.ManifestType != "" {
			def.ManifestType = fallback.ManifestType
		}
	}
	for _, r := range c.ManifestingRules {
		if !matches(r, p) {
			continue
		}
		k := def
		if r.ManifestType != "" {
			k.ManifestType = r.ManifestType
		}
		if r.HubID > 0 {
			k.HubID = r.HubID
		}
		return k
	}
	return def
}

func matches(r customer.ManifestingRule, p Parcel) bool {
	same := func(rule, value string) bool { return rule == "" || strings.EqualFold(rule, value) }
	if !same(r.Destination, p.Destination) || !same(r.Product, p.Product) || !same(r.Service, p.Service) {
		return false
	}
	for _, o := range r.AdditionalOptions {
		if !slices.ContainsFunc(p.Options, func(x string) bool { return strings.EqualFold(x, o) }) {
			return false
		}
	}
	return true
}

// Group is one manifest to make: a customer's parcels of one hub, type and
// carrier.
type Group struct {
	CustomerID int64
	Key
	// ParcelIDs in ascending order; they become the batch's rows 1..n.
	ParcelIDs []int64
}

// GroupParcels splits parcels into one group per customer, hub, manifest
// type and carrier, routed by their customer's rules and the default
// routing options (Route); customers maps a customer id to the customer.
// Groups come ordered by customer, hub, type and carrier, so the same
// selection always makes the same manifests.
func GroupParcels(customers map[int64]customer.Customer, defaults Defaults, parcels []Parcel) []Group {
	type gk struct {
		customer int64
		Key
	}
	byKey := map[gk][]int64{}
	for _, p := range parcels {
		k := gk{p.CustomerID, Route(customers[p.CustomerID], defaults, p)}
		byKey[k] = append(byKey[k], p.ID)
	}
	out := make([]Group, 0, len(byKey))
	for k, ids := range byKey {
		slices.Sort(ids)
		out = append(out, Group{CustomerID: k.customer, Key: k.Key, ParcelIDs: ids})
	}
	slices.SortFunc(out, func(a, b Group) int {
		if a.CustomerID != b.CustomerID {
			return int(sign(a.CustomerID - b.CustomerID))
		}
		if a.HubID != b.HubID {
			return int(sign(a.HubID - b.HubID))
		}
		if c := strings.Compare(a.ManifestType, b.ManifestType); c != 0 {
			return c
		}
		return strings.Compare(a.Carrier, b.Carrier)
	})
	return out
}

func sign(x int64) int64 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// CheckSelection refuses a selection that is empty or too large, before
// anything is read.
func CheckSelection(ids []int64) error {
	switch {
	case len(ids) == 0:
		return &failure.Error{Kind: failure.Invalid, Key: KeyNothingSelected, Entity: Object}
	case len(ids) > MaxSelection:
		return failure.New(failure.Invalid, KeyTooMany, "max", strconv.Itoa(MaxSelection))
	}
	return nil
}

// Selectable refuses a parcel that may not join a manifest: one in a
// manifest already (a conflict), one without a live label, one whose label
// a label call is replacing right now.
func Selectable(p Parcel) error {
	switch {
	case p.Manifested:
		return failure.New(failure.Conflict, KeyAlreadyManifested, "parcelId", strconv.FormatInt(p.ID, 10))
	case !p.Labelled:
		return failure.New(failure.Conflict, KeyNotLabelled, "parcelId", strconv.FormatInt(p.ID, 10))
	case p.Labelling:
		return failure.New(failure.Conflict, KeyBeingLabelled, "parcelId", strconv.FormatInt(p.ID, 10))
	}
	return nil
}
