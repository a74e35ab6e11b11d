package tracking

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// Message keys of tracking's expected failures.
const (
	KeyNotFound    = "asendiaWebApp.dashboard.trackingNotFound"
	KeyUnavailable = "error.tracking.unavailable"
	KeyRefused     = "error.tracking.refused"
	KeyNotEnabled  = "error.tracking.notEnabled"
	KeyExportLimit = "error.tracking.exportLimit"
	// KeyUntracked and KeyNoFurtherEvents are the texts untracked parcels
	// show to non-internal users (spec 3 section 4).
	KeyUntracked       = "untracked"
	KeyNoFurtherEvents = "no further events available"
)

// Expected failures; adapters answer these (compare with failure.HasKey).
var (
	ErrNotFound    = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: "tracking"}
	ErrUnavailable = &failure.Error{Kind: failure.Unavailable, Key: KeyUnavailable}
	ErrRefused     = &failure.Error{Kind: failure.Unavailable, Key: KeyRefused}
	ErrNotEnabled  = &failure.Error{Kind: failure.Conflict, Key: KeyNotEnabled}
)

// Limits of spec 3 section 9.
const (
	DefaultPageSize = 50
	MaxPageSize     = 50
	ExportLimit     = 5000
	MaxIDs          = 500
	maxText         = 100
	maxCustomers    = 1000
)

// PageSizes are the grid's page sizes.
var PageSizes = []int{10, 25, 50}

// Criteria are the search form's fields (spec 3 section 7).
type Criteria struct {
	IDs []string
	// DateType is shipment_date, date_shipped or delivery_date; From and To
	// are YYYY-MM-DD, both inclusive, either may be empty.
	DateType      string
	From, To      string
	ProductCode   string
	Status        *int
	Destination   string
	Origin        string
	RecipientName string
	// Forward pages after SearchAfter, otherwise before it.
	Forward     bool
	SearchAfter []string
	// Customers are CRM ids; empty means every customer the account sees.
	Customers []string
}

// Meta is the paging and sort of a search.
type Meta struct {
	SortField string
	SortOrder string // asc or desc
	PageSize  int
	PageNo    int
}

// Sort fields a search may sort by.
var SortFields = []string{ShipmentDate, DateShipped, DeliveryDate, "tracking_id", "recipient_name", "destination_country_name", "product_code"}

// LabelStatus reports whether a status number is one of the label's
// (ELECNOT or PRINTLAB), all an untracked parcel shows non-internal users.
func LabelStatus(status int) bool {
	return status == StatusOf(ElecNot) || status == StatusOf(PrintLab)
}

// Normalize trims the criteria, fills the defaults (shipment_date
// descending, 50 per page) and checks every field, answering one field
// error per broken rule with the keys of the core's field rules.
func Normalize(c Criteria, m Meta) (Criteria, Meta, error) {
	var bad []failure.FieldViolation
	field := func(name, rule string) {
		bad = append(bad, failure.FieldViolation{Object: "search_criteria", Field: name, Rule: rule})
	}
	ids := make([]string, 0, len(c.IDs))
	for _, id := range c.IDs {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if utf8.RuneCountInString(id) > 50 {
			field("ids", "Size")
			break
		}
		ids = append(ids, id)
	}
	if len(ids) > MaxIDs {
		field("ids", "Size")
	}
	c.IDs = ids
	if c.DateType == "" {
		c.DateType = ShipmentDate
	} else if !slices.Contains(DateTypes, c.DateType) {
		field("date_type", "pattern")
	}
	from, okFrom := date(c.From)
	to, okTo := date(c.To)
	if !okFrom {
		field("start_date", "pattern")
	}
	if !okTo {
		field("end_date", "pattern")
	}
	if okFrom && okTo && !from.IsZero() && !to.IsZero() && to.Before(from) {
		field("end_date", "range")
	}
	if c.Status != nil && (*c.Status < 0 || *c.Status >= len(Statuses)) {
		field("status", "range")
	}
	for name, v := range map[string]*string{"product_code": &c.ProductCode, "destination": &c.Destination, "origin": &c.Origin, "recipient_name": &c.RecipientName} {
		*v = strings.TrimSpace(*v)
		if utf8.RuneCountInString(*v) > maxText {
			field(name, "Size")
		}
	}
	c.Destination, c.Origin = strings.ToUpper(c.Destination), strings.ToUpper(c.Origin)
	if len(c.SearchAfter) > 2 {
		field("search_after", "Size")
	}
	if len(c.Customers) > maxCustomers {
		field("customer", "Size")
	}
	if m.SortField == "" {
		m.SortField = ShipmentDate
		if m.SortOrder == "" {
			m.SortOrder = "desc"
		}
	} else if !slices.Contains(SortFields, m.SortField) {
		bad = append(bad, failure.FieldViolation{Object: "meta", Field: "sort_field", Rule: "pattern"})
	}
	switch strings.ToLower(m.SortOrder) {
	case "", "asc":
		m.SortOrder = "asc"
	case "desc":
		m.SortOrder = "desc"
	default:
		bad = append(bad, failure.FieldViolation{Object: "meta", Field: "sort_order", Rule: "pattern"})
	}
	if m.PageSize == 0 {
		m.PageSize = DefaultPageSize
	} else if m.PageSize < 0 || m.PageSize > MaxPageSize {
		bad = append(bad, failure.FieldViolation{Object: "meta", Field: "page_size", Rule: "range"})
	}
	if m.PageNo < 0 || m.PageNo > 1_000_000 {
		bad = append(bad, failure.FieldViolation{Object: "meta", Field: "page_no", Rule: "range"})
	}
	if len(bad) > 0 {
		return c, m, failure.InvalidFields(bad...)
	}
	return c, m, nil
}

// date reads YYYY-MM-DD; empty is the zero time and fine.
func date(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, true
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// Range is the criteria's date range as instants: from the start of From
// to the end of To (UTC); a zero end means open.
func (c Criteria) Range() (from, to time.Time) {
	from, _ = date(c.From)
	if t, _ := date(c.To); !t.IsZero() {
		to = t.AddDate(0, 0, 1)
	}
	return from, to
}

// Trackable reports whether a product counts as tracked (spec 3 section 4):
// only EPAQPLS and EPAQSCT; e-PAQ Standard is untracked.
func Trackable(productCode, productDescription string) bool {
	if strings.EqualFold(strings.TrimSpace(productDescription), "e-PAQ Standard") {
		return false
	}
	code := strings.ToUpper(strings.TrimSpace(productCode))
	return code == "EPAQPLS" || code == "EPAQSCT"
}

// ActiveStep is the index in Steps of the furthest step whose code appears
// among the events; 0 when none does (spec 3 section 4).
func ActiveStep(events []Event) int {
	step := 0
	for _, e := range events {
		if i := slices.Index(Steps, e.HarmonizedCode); i > step {
			step = i
		}
	}
	return step
}

// View is what a caller is shown of a parcel's events.
type View struct {
	Events []Event
	// Untracked: the product is not tracked and the caller sees only the
	// label events, marked 'untracked' and 'no further events available'.
	Untracked bool
}

// Visible applies the untracked-product rule: internal roles see every
// event; others see, for an untracked product, only ELECNOT and PRINTLAB.
// Customer-service events are for internal roles only.
func Visible(events []Event, productCode, productDescription string, internal bool) View {
	if internal {
		return View{Events: events}
	}
	untracked := !Trackable(productCode, productDescription)
	out := make([]Event, 0, len(events))
	for _, e := range events {
		if e.CustomerService {
			continue
		}
		if untracked && e.HarmonizedCode != ElecNot && e.HarmonizedCode != PrintLab {
			continue
		}
		e.Source, e.Code1, e.RawDesc = "", "", ""
		out = append(out, e)
	}
	return View{Events: out, Untracked: untracked}
}

// Sort values: a time as RFC 3339 in UTC (ordered as text), else the text.
func SortValue(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

// ExportFileName is tracking-export-{now} with the format's extension.
func ExportFileName(now time.Time, format string) string {
	ext := ".csv"
	if format == Excel {
		ext = ".xlsx"
	}
	return "tracking-export-" + strconv.FormatInt(now.UnixMilli(), 10) + ext
}

// UntrackedRow is a row of an untracked product as a non-internal user sees
// it: no dates beyond the shipment date and no status beyond the label.
func UntrackedRow(r Row) Row {
	r.Untracked = true
	r.DateShipped, r.DeliveryDate = time.Time{}, time.Time{}
	if r.LatestHarmonizedCode != ElecNot && r.LatestHarmonizedCode != PrintLab {
		r.LatestHarmonizedCode, r.LatestHarmonizedDesc = PrintLab, KeyUntracked
	}
	return r
}

// ExportHeader are the columns of an export.
var ExportHeader = []string{"tracking_id", "order_id", "customer_id", "customer_name", "recipient_name", "origin", "destination",
	"product_code", "shipment_date", "date_shipped", "delivery_date", "status"}

// ExportRow is a row's cells under ExportHeader; times are RFC 3339 UTC.
func ExportRow(r Row) []string {
	at := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return []string{r.TrackingID, r.OrderID, r.CustomerID, r.CustomerName, r.RecipientName, r.OriginCountryName,
		r.DestinationCountryName, r.ProductCode, at(r.ShipmentDate), at(r.DateShipped), at(r.DeliveryDate), r.LatestHarmonizedDesc}
}
