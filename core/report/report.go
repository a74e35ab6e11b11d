// Package report is the shipment report of spec 2 sections 2.4 and 3: the
// search model a report page sends (and keeps in its address as
// pageableFilter, so a search is a bookmark), its limits, and the status a
// report row shows. A report covers every shipment, whichever way it was
// made: a batch row, a single parcel from the form or one from the API.
package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
	"parcelportal/core/parcel"
)

// KeyReduceSearchCriteria is the one answer to a report that cannot be
// given (spec 2 sections 5.8 and 8): malformed, too wide, or failed.
const KeyReduceSearchCriteria = "errorReduceSearchCriteria"

// Keys of the exports' own refusals.
const (
	KeyDontMixInvoicesChoice = "error.dontMixCommercialInvoicesChoice"
	KeyNoLabels              = "error.report.noLabels"
	KeyNoInvoices            = "error.report.noInvoices"
	KeyNoShipmentsSelected   = "error.report.noShipmentsSelected"
)

// ErrReduceSearchCriteria refuses a search; nothing was read.
var ErrReduceSearchCriteria = failure.New(failure.Invalid, KeyReduceSearchCriteria)

// Page sizes (spec 2 section 9: 10, 25, 100, 200, 500, 1000; default 100).
const (
	DefaultSize = 100
	MinSize     = 10
	MaxSize     = 1000
	// DefaultDays is the date range of a search that names none.
	DefaultDays = 7
	// MaxDays is the widest date range a search may cover.
	MaxDays = 366
	// MaxListItems bounds every list criterion (tracking numbers, ...).
	MaxListItems = 1000
	// MaxTextLength bounds every text criterion and list item.
	MaxTextLength = 100
	// MaxFilterBytes bounds the encoded search model.
	MaxFilterBytes = 64 << 10
	// MaxPageRows bounds how far paging reaches (page * size): deeper pages
	// get a narrower search instead.
	MaxPageRows = 100_000
	// MaxExportRows is the most rows an Excel export writes.
	MaxExportRows = 50_000
	// MaxLabelRows is the most shipments a labels or invoices download joins.
	MaxLabelRows = 2_000
	// MaxCount is where the total of a search stops counting; Total is
	// then MaxCount and TotalCapped says so.
	MaxCount = 10_000
)

// Status is the state of a report row (spec 2 section 9).
type Status string

// Report statuses.
const (
	Sending          Status = "SENDING"
	Sent             Status = "SENT"
	CreatingManifest Status = "CREATING_MANIFEST"
	ManifestCreated  Status = "MANIFEST_CREATED"
	Error            Status = "ERROR"
)

// Statuses lists the report statuses in the order of the status filter.
var Statuses = []Status{Sending, Sent, CreatingManifest, ManifestCreated, Error}

// StatusOf derives a row's status from its shipment's state (PENDING,
// SUBMITTING, DONE, FAILED), whether the carrier labelled it, and its
// batch's status ("" for a parcel no manifest has gathered yet). A labelled
// parcel without batch is SENT. Cancelled shipments are not in reports.
// The Postgres adapter computes the same in SQL; a contract test compares.
func StatusOf(state string, success bool, batchStatus string) Status {
	switch {
	case state == "PENDING" || state == "SUBMITTING":
		return Sending
	case state != "DONE" || !success:
		return Error
	case batchStatus == "CREATING_MANIFEST":
		return CreatingManifest
	case batchStatus == "MANIFEST_CREATED":
		return ManifestCreated
	case batchStatus == "ERROR_MANIFEST":
		return Error
	default:
		return Sent
	}
}

// Label types a search may name (spec 2 section 3).
var LabelTypes = []string{"PDF", "Zebra", "Zebra300"}

// APIClientAggregator is the aggregator client as a search names it.
const APIClientAggregator = "AGGREGATOR"

// APIClients a search may name (spec 2 section 9): the portal's own
// shipping, A1, and the aggregator client.
var APIClients = []string{"SHIPPING", "A1", APIClientAggregator}

// StoredAPIClients are the API clients a search names as shipments store
// them: the aggregator client's shipments store it as core/parcel names it
// (parcel.AggregatorAPIClient), the others as named.
func StoredAPIClients(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		if n == APIClientAggregator {
			n = parcel.AggregatorAPIClient
		}
		out[i] = n
	}
	return out
}

// Sort fields a search may order by; SubmittedAt is the default.
const SortSubmittedAt = "submittedAt"

// SortFields are the columns a report may be ordered by.
var SortFields = []string{SortSubmittedAt, "referenceNumber", "recipientName", "postalCode", "city",
	"destination", "product", "service", "identifier", "status", "customerName"}

// Criteria are the search criteria of spec 2 section 3. Empty criteria
// select everything in the caller's scope and the date range.
type Criteria struct {
	CustomerIDs        []int64   `json:"customerIds"`
	Products           []string  `json:"products"`
	Services           []string  `json:"services"`
	AdditionalServices []string  `json:"additionalServices"`
	Formats            []string  `json:"formats"`
	Countries          []string  `json:"countries"`
	TrackingNumbers    []string  `json:"trackingNumbers"`
	OrderNumbers       []string  `json:"orderNumbers"`
	Status             []Status  `json:"status"`
	FromDate           time.Time `json:"-"`
	ToDate             time.Time `json:"-"`
	RecipientName      string    `json:"recipientName"`
	PostalCode         string    `json:"postalCode"`
	City               string    `json:"city"`
	FromBookmark       bool      `json:"fromBookmark"`
	ParcelUUID         string    `json:"parcelUuid"`
	LabelTypes         []string  `json:"labelTypes"`
	InvoiceNumbers     []string  `json:"invoiceNumbers"`
	APIClients         []string  `json:"apiClients"`
}

// Search is the report search model: criteria, page, size and order.
type Search struct {
	Criteria  Criteria
	Page      int
	Size      int
	SortField string
	// Descending order; the default.
	Descending bool
}

// wire is the JSON of pageableFilter as the page sends it.
type wire struct {
	SearchCriteria *wireCriteria `json:"searchCriteria"`
	Page           *int          `json:"page"`
	Size           *int          `json:"size"`
	SortField      string        `json:"sortField"`
	SortOrder      string        `json:"sortOrder"`
}

type wireCriteria struct {
	Criteria
	FromDate string `json:"fromDate"`
	ToDate   string `json:"toDate"`
}

// Parse reads an encoded search model (pageableFilter, JSON) and checks it.
// An empty text is the default search: the last DefaultDays days, newest
// first, DefaultSize rows. Anything malformed, unknown or too wide is
// ErrReduceSearchCriteria, the one answer the report page knows.
func Parse(text string, now time.Time) (Search, error) {
	if len(text) > MaxFilterBytes || !utf8.ValidString(text) {
		return Search{}, ErrReduceSearchCriteria
	}
	var w wire
	if strings.TrimSpace(text) != "" {
		dec := json.NewDecoder(bytes.NewReader([]byte(text)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil || dec.More() {
			return Search{}, ErrReduceSearchCriteria
		}
	}
	s := Search{Page: 0, Size: DefaultSize, SortField: SortSubmittedAt, Descending: true}
	if w.Page != nil {
		s.Page = *w.Page
	}
	if w.Size != nil {
		s.Size = *w.Size
	}
	if w.SortField != "" {
		s.SortField = w.SortField
	}
	switch strings.ToLower(w.SortOrder) {
	case "", "desc", "descending":
	case "asc", "ascending":
		s.Descending = false
	default:
		return Search{}, ErrReduceSearchCriteria
	}
	if w.SearchCriteria != nil {
		s.Criteria = w.SearchCriteria.Criteria
		var err error
		if s.Criteria.FromDate, err = parseDate(w.SearchCriteria.FromDate, false); err != nil {
			return Search{}, err
		}
		if s.Criteria.ToDate, err = parseDate(w.SearchCriteria.ToDate, true); err != nil {
			return Search{}, err
		}
	}
	return s, s.check(now)
}

// parseDate reads YYYY-MM-DD (the whole day, in UTC) or an RFC 3339 time;
// an end date covers its whole day.
func parseDate(v string, end bool) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		if end {
			d = d.AddDate(0, 0, 1)
		}
		return d, nil
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	return time.Time{}, ErrReduceSearchCriteria
}

// check fills the default date range and refuses what the report cannot
// answer quickly or at all.
func (s *Search) check(now time.Time) error {
	c := &s.Criteria
	if s.Size < MinSize || s.Size > MaxSize || s.Page < 0 || (s.Page+1)*s.Size > MaxPageRows {
		return ErrReduceSearchCriteria
	}
	if !slices.Contains(SortFields, s.SortField) {
		return ErrReduceSearchCriteria
	}
	if c.ToDate.IsZero() {
		c.ToDate = now.UTC()
		if !c.FromDate.IsZero() && c.FromDate.After(c.ToDate) {
			return ErrReduceSearchCriteria
		}
	}
	if c.FromDate.IsZero() {
		c.FromDate = c.ToDate.AddDate(0, 0, -DefaultDays)
	}
	if !c.FromDate.Before(c.ToDate) || c.ToDate.Sub(c.FromDate) > MaxDays*24*time.Hour {
		return ErrReduceSearchCriteria
	}
	lists := [][]string{c.Products, c.Services, c.AdditionalServices, c.Formats, c.Countries,
		c.TrackingNumbers, c.OrderNumbers, c.LabelTypes, c.InvoiceNumbers, c.APIClients}
	for _, l := range lists {
		if len(l) > MaxListItems {
			return ErrReduceSearchCriteria
		}
		for _, v := range l {
			if strings.TrimSpace(v) == "" || len(v) > MaxTextLength {
				return ErrReduceSearchCriteria
			}
		}
	}
	if len(c.CustomerIDs) > MaxListItems || len(c.Status) > len(Statuses) {
		return ErrReduceSearchCriteria
	}
	for _, id := range c.CustomerIDs {
		if id <= 0 {
			return ErrReduceSearchCriteria
		}
	}
	for _, st := range c.Status {
		if !slices.Contains(Statuses, st) {
			return ErrReduceSearchCriteria
		}
	}
	for _, t := range c.LabelTypes {
		if !slices.Contains(LabelTypes, t) {
			return ErrReduceSearchCriteria
		}
	}
	for _, a := range c.APIClients {
		if !slices.Contains(APIClients, a) {
			return ErrReduceSearchCriteria
		}
	}
	for _, t := range []*string{&c.RecipientName, &c.PostalCode, &c.City, &c.ParcelUUID} {
		*t = strings.TrimSpace(*t)
		if len(*t) > MaxTextLength {
			return ErrReduceSearchCriteria
		}
	}
	if c.ParcelUUID != "" && !isUUID(c.ParcelUUID) {
		return ErrReduceSearchCriteria
	}
	return nil
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
				return false
			}
		}
	}
	return true
}

// AdminOnly clears the criteria only admins may search by (spec 2 section
// 6: parcel UUID and API client); for other callers they are ignored.
func (c *Criteria) AdminOnly(admin bool) {
	if !admin {
		c.ParcelUUID = ""
		c.APIClients = nil
	}
}

// Row is one report row (spec 2 section 3).
type Row struct {
	ShipmentID        int64
	CustomerID        int64
	BatchID           int64
	SubmittedAt       time.Time
	ReferenceNumber   string
	RecipientName     string
	PostalCode        string
	City              string
	Destination       string
	Product           string
	Service           string
	AdditionalOptions string
	Format            string
	Identifier        string
	Weight            float64
	Value             float64
	Currency          string
	Status            Status
	ManifestType      string
	ErrorMessage      string
	InvoiceNumber     string
	APIClient         string
	LabelType         string
	Source            string
	CustomerName      string
	CustomerCRMID     string
	ParcelUUID        string
	// HasLabel: the shipment holds a label to download.
	HasLabel bool
	// Return: a return shipment (service starting with RET); no invoice.
	Return bool
}

// Invoiceable: a commercial invoice may be made for the row (spec 2
// section 5.5): manifested and not a return.
func (r Row) Invoiceable() bool {
	return r.Status == ManifestCreated && !r.Return && !strings.HasPrefix(r.Service, "RET")
}

// ForCaller hides what only admins see (parcel UUID, API client, source).
func (r Row) ForCaller(admin bool) Row {
	if !admin {
		r.ParcelUUID, r.APIClient, r.Source = "", "", ""
	}
	return r
}

// Page is a page of rows with the total, counted up to MaxCount.
type Page struct {
	Rows        []Row
	Total       int
	TotalCapped bool
}
