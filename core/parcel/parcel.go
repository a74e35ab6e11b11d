// Package parcel is a single parcel (spec 2 sections 2.3 and 4.5): a
// shipment entered alone in a form or through the API, validated by the
// same rules as a CSV row (core/shipment), labelled at once, and listed
// until a manifest gathers it into a batch. It decides the parcel's source,
// what may be done with it (edit, delete, select for a manifest), the list's
// filters and paging, and the reference of each label attempt.
package parcel

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// Source says how a parcel was made.
type Source string

// Shipment sources: a parcel's, or BatchRow for a row of a CSV batch, which
// is no parcel (the report shows every shipment's source).
const (
	// BatchRow: a row of an uploaded CSV batch.
	BatchRow Source = "BATCH"
	// IndividualParcel: the portal's form.
	IndividualParcel Source = "INDIVIDUAL_PARCEL"
	// APIParcel: an integrator's ROLE_API login.
	APIParcel Source = "API_PARCEL"
)

// SourceFor is the source of a parcel the caller makes: API_PARCEL for a
// ROLE_API login, INDIVIDUAL_PARCEL otherwise.
func SourceFor(c *access.Caller) Source {
	if c.Has(access.API) {
		return APIParcel
	}
	return IndividualParcel
}

// AggregatorAPIClient is the aggregator's API client; its parcels are
// always selectable for a manifest (spec 2 section 2.3).
const AggregatorAPIClient = "SHIPPYPRO"

// Batch statuses of the manifest batch that gathers parcels (core/batch
// spells them the same; core/batch is not imported to keep this small).
const (
	ManifestCreating = "CREATING_MANIFEST"
	ManifestCreated  = "MANIFEST_CREATED"
	// ManifestFailed: making the manifest failed; the parcels wait in it
	// for the manifest to be made again.
	ManifestFailed = "ERROR_MANIFEST"
)

// ManifestStatuses are the statuses a manifest batch that gathered parcels
// may have: with core/shipment's Statuses, every Status a parcel shows
// besides the empty one before its first label.
var ManifestStatuses = []string{ManifestCreating, ManifestCreated, ManifestFailed}

// Reference names one label attempt of a parcel at the carrier:
// p{parcel}-a{attempt}. A new attempt gets a new reference, so Find never
// mistakes an earlier, voided label for the current one.
func Reference(parcelID int64, attempt int) string {
	return fmt.Sprintf("p%d-a%d", parcelID, attempt)
}

// Label is the parcel's label attempt as the list shows it: a shipment
// without a batch (core/shipment's life).
type Label struct {
	ShipmentID   int64
	Status       shipment.Status
	Identifier   string
	ErrorMessage string
	ErrorParams  map[string]string
	SubmittedAt  time.Time
	HasLabel     bool
	HasCustoms   bool
}

// Parcel is a stored parcel: its form, validated, and where it is.
type Parcel struct {
	ID         int64
	UUID       string
	CustomerID int64
	Source     Source
	LabelType  string
	// APIClient is the client the parcel is labelled through: the
	// customer's when it was made (SHIPPING, A1 or the aggregator).
	APIClient string
	CreatedBy string
	CreatedAt time.Time
	UpdatedAt time.Time
	Validated shipment.Validated
	// BatchID is the manifest batch that gathered the parcel; 0 for none.
	BatchID int64
	// BatchStatus is that batch's status.
	BatchStatus string
	// Label is the current label attempt; a zero ShipmentID for none.
	Label Label
}

// InManifest: a manifest gathered the parcel (its batch is set), whether
// the manifest is being made, made, or failed and waits to be made again.
// Such a parcel belongs to its manifest: it is not edited, deleted,
// labelled again or selected.
func (p Parcel) InManifest() bool { return p.BatchID != 0 }

// ManifestID is the manifest batch once the manifest is made; 0 before.
func (p Parcel) ManifestID() int64 {
	if p.BatchStatus == ManifestCreated {
		return p.BatchID
	}
	return 0
}

// Status is what the list's state column shows: the manifest batch's
// status once in a manifest, else the label attempt's state, empty before
// the first label.
func (p Parcel) Status() string {
	if p.InManifest() {
		return p.BatchStatus
	}
	return string(p.Label.Status)
}

// ListedFields are the cells of a parcel's form that a list row shows
// (reference number, receiver, product, service, destination). A form is
// some 40 cells and its order lines; a list reads only these.
var ListedFields = []string{"referencenumber", "name", "product", "service", "isoCountry"}

// Listed is the parcel as a list holds it: its form cut to ListedFields,
// without order lines.
func (p Parcel) Listed() Parcel {
	cells := make(map[string]shipment.Value, len(ListedFields))
	for _, f := range ListedFields {
		if v, ok := p.Validated.Fields[f]; ok {
			cells[f] = v
		}
	}
	p.Validated = shipment.Validated{Fields: cells, Valid: p.Validated.Valid}
	return p
}

// Editable: the form may be changed (not in a manifest).
func (p Parcel) Editable() bool { return !p.InManifest() }

// Deletable: the parcel may be deleted (no manifest).
func (p Parcel) Deletable() bool { return !p.InManifest() }

// Selectable is spec 2 section 2.3: no manifest, and the parcel's API
// client is the aggregator or the customer's own.
func (p Parcel) Selectable(customerAPIClient string) bool {
	return !p.InManifest() && (p.APIClient == AggregatorAPIClient || p.APIClient == customerAPIClient)
}

// Live: the parcel holds, or may hold, a label valid at the carrier.
func (p Parcel) Live() bool {
	l := p.Label
	return l.ShipmentID != 0 && l.Status != shipment.Cancelled && (l.Identifier != "" || l.Status == shipment.Submitting)
}

// Keys of the parcel's failures.
const (
	// KeyNotFound: no parcel with that id for the caller.
	KeyNotFound = "error.parcel.notFound"
	// KeyInvalid: only a valid parcel is created.
	KeyInvalid = "error.parcel.invalid"
	// KeyManifested: the parcel is in a manifest; it is not changed any more.
	KeyManifested = "error.parcel.manifested"
	// KeyBusy: a label of the parcel is being made right now.
	KeyBusy = "error.parcel.busy"
	// KeyNoLabel: the parcel has no label to download.
	KeyNoLabel = "error.parcel.noLabel"
	// KeyNoCustomsDoc: the parcel has no customs declaration.
	KeyNoCustomsDoc = "error.parcel.noCustomsDoc"
	// KeyPage: page from 0, page size 10 to 1000.
	KeyPage = "error.parcel.page"
	// KeyFilter: an unknown filter value.
	KeyFilter = "error.parcel.filter"
	// KeyLabelType: PDF, Zebra or Zebra300.
	KeyLabelType = "error.parcel.labelType"
)

// The failures, as values.
var (
	ErrNotFound   = failure.New(failure.NotFound, KeyNotFound)
	ErrInvalid    = failure.New(failure.Invalid, KeyInvalid)
	ErrManifested = failure.New(failure.Conflict, KeyManifested)
	ErrBusy       = failure.New(failure.Conflict, KeyBusy)
)

// ManifestFilter selects parcels by manifest.
type ManifestFilter string

// Manifest filters (spec 2 section 9).
const (
	AllManifests  ManifestFilter = "ALL"
	Manifested    ManifestFilter = "MANIFESTED"
	NotManifested ManifestFilter = "NOT_MANIFESTED"
	allSources                   = "ALL"
	DefaultPage                  = 100
	MinPageSize                  = 10
	MaxPageSize                  = 1000
)

// Query is a page of one customer's parcels.
type Query struct {
	CustomerID int64
	Manifest   ManifestFilter
	// Source is empty for all sources.
	Source Source
	// APIClient is empty for all clients.
	APIClient  string
	Page, Size int
}

// ParseQuery reads the list's filters and paging: empty filters mean ALL,
// a zero size the default of 100; sizes from 10 to 1000. The API-client
// filter is for admins; others' is ignored.
func ParseQuery(customerID int64, manifest, source, apiClient string, page, size int, admin bool) (Query, error) {
	q := Query{CustomerID: customerID, Page: page, Size: size}
	switch m := ManifestFilter(strings.ToUpper(strings.TrimSpace(manifest))); m {
	case "":
		q.Manifest = AllManifests
	case AllManifests, Manifested, NotManifested:
		q.Manifest = m
	default:
		return Query{}, failure.New(failure.Invalid, KeyFilter, "filter", "manifestFilter")
	}
	switch s := Source(strings.ToUpper(strings.TrimSpace(source))); s {
	case "", allSources:
	case IndividualParcel, APIParcel:
		q.Source = s
	default:
		return Query{}, failure.New(failure.Invalid, KeyFilter, "filter", "parcelSourceFilter")
	}
	if admin {
		if c := strings.ToUpper(strings.TrimSpace(apiClient)); c != "ALL" {
			q.APIClient = c
		}
	}
	if q.Size == 0 {
		q.Size = DefaultPage
	}
	if q.Page < 0 || q.Size < MinPageSize || q.Size > MaxPageSize || q.Page > 1_000_000 {
		return Query{}, failure.New(failure.Invalid, KeyPage, "min", fmt.Sprint(MinPageSize), "max", fmt.Sprint(MaxPageSize))
	}
	return q, nil
}

// labelTypes may be chosen for a parcel (spec 2 section 3), with Zebra300
// for a 300 dpi printer (rendered at that resolution, as a batch send).
var labelTypes = []string{"PDF", "Zebra", "Zebra300"}

// CheckLabelType reads a label type: the fallback (else PDF) when empty;
// PDF, Zebra or Zebra300.
func CheckLabelType(t, fallback string) (string, error) {
	t = strings.TrimSpace(t)
	if t == "" {
		t = fallback
	}
	if t == "" {
		t = labelTypes[0]
	}
	if !slices.Contains(labelTypes, t) {
		return "", failure.New(failure.Invalid, KeyLabelType, "labelType", t)
	}
	return t, nil
}

// Validate checks a parcel form: the shipment rules of a CSV row, and the
// form's phone (which a CSV row has not) by the phone's rules, the mobile's
// (shipment.CheckPhone), as the address book checks it.
func Validate(d shipment.Draft, phone string, r shipment.Rules) shipment.Validated {
	v := shipment.Validate(d, r)
	phone = strings.TrimSpace(phone)
	if phone == "" {
		return v
	}
	cell := shipment.Value{Value: phone}
	if violation := shipment.CheckPhone(phone); violation != nil {
		cell.Violations = []shipment.Violation{*violation}
		v.Valid = false
	}
	v.Fields[shipment.PhoneField] = cell
	return v
}
