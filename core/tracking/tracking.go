// Package tracking is the carrier's tracking service as the portal sees it
// (spec 3 sections 3, 4, 5, 7 and 9): parcels found by criteria and paged
// with search_after, their details, events, receiver, sender and products,
// the harmonized event codes, the six-step progress and the rules for
// untracked products. The port (Service) is implemented over HTTP by
// adapters/tracking and in memory by adapters/memory.
package tracking

import (
	"context"
	"time"
)

// Harmonized event codes: the six steps of the progress, then the label
// event and the exceptions the carrier reports.
const (
	ElecNot        = "ELECNOT"
	CheckIn        = "CHECKIN"
	DepSub         = "DEPSUB"
	ArrDest        = "ARRDEST"
	OutDelivCenter = "OUTDELIVCENTER"
	Delivery       = "DELIVERY"
	PrintLab       = "PRINTLAB"
	HeldCustoms    = "HELDCUSTOMS"
	DelivAttempt   = "DELIVATTEMPT"
	AwaitPickup    = "AWAITPICKUP"
	Returned       = "RETURNED"
	Damaged        = "DAMAGED"
	Lost           = "LOST"
)

// Steps are the six steps of the progress bar, in order (spec 3 section 4).
var Steps = []string{ElecNot, CheckIn, DepSub, ArrDest, OutDelivCenter, Delivery}

// Statuses are the status filter's options 0 to 12 (spec 3 section 9): the
// latest harmonized code of a parcel.
var Statuses = []string{ElecNot, PrintLab, CheckIn, DepSub, ArrDest, HeldCustoms, OutDelivCenter,
	DelivAttempt, AwaitPickup, Delivery, Returned, Damaged, Lost}

// StatusOf is the status number of a harmonized code, -1 for none.
func StatusOf(code string) int {
	for i, s := range Statuses {
		if s == code {
			return i
		}
	}
	return -1
}

// Date types a search range applies to.
const (
	ShipmentDate = "shipment_date"
	DateShipped  = "date_shipped"
	DeliveryDate = "delivery_date"
)

// DateTypes are the date types of the search form, the first the default.
var DateTypes = []string{ShipmentDate, DateShipped, DeliveryDate}

// Event is one step of a parcel's journey. Source, Code1 and RawDesc are
// the carrier's own words, shown to internal roles only.
type Event struct {
	HarmonizedCode string
	LocationName   string
	Time           time.Time
	Source         string
	Code1          string
	RawDesc        string
	// CustomerService marks events of the carrier's customer service
	// (calls, claims), on a tab of their own for internal roles.
	CustomerService bool
}

// Party is a receiver or a sender.
type Party struct {
	Name, Address1, Address2, Address3, City, Zip, Country, Email, Phone string
}

// Product is a product the tracking service knows.
type Product struct {
	Code, Description string
}

// Row is one parcel of a search result (spec 3 section 3, tracking row).
type Row struct {
	FtID                   string
	CustomerID             string // the customer's CRM id
	CustomerName           string
	SubsidiaryName         string
	CarrierName            string
	SenderName             string
	RecipientName          string
	OriginCountryName      string
	DestinationCountryName string
	OrderID                string
	TrackingID             string
	ShipmentDate           time.Time
	DateShipped            time.Time // zero until checked in
	DeliveryDate           time.Time // zero until delivered
	ProductCode            string
	LatestHarmonizedDesc   string
	LatestHarmonizedCode   string
	// Sort are the values search_after takes to page on from this row.
	Sort []string
	// Untracked: the product is not tracked and the caller sees no status
	// beyond the label (UntrackedRow).
	Untracked bool
}

// Page is one page of a search with the total of parcels found.
type Page struct {
	Rows  []Row
	Total int
}

// Detail is what the details dialog shows (spec 3 section 3, tracking detail).
type Detail struct {
	TrackingID          string
	FtID                string
	Origin, Destination string // country names
	DestinationCCA2     string
	ShipmentDate        time.Time
	ProductCode         string
	ProductDescription  string
	Weight              float64
	Quantity            int
	CustomerID          string // the customer's CRM id
	CustomerName        string
	Subsidiary          string
	CarrierName         string
	LastMileCarrier     string
	LastMileCarrierURL  string
	CurrentReceptacleID string
	Receiver            Party
	Sender              Party
	Events              []Event
}

// Account is how the portal signs in at the tracking service: the
// customer's tracking user (V1) or its fulltrack credentials (V3).
type Account struct {
	Version string // V1 or V3
	// V1: the tracking user and the fulltrack access key and refresh token.
	Username, Password, AccessKey, RefreshToken string
	// V3: the fulltrack API key and the Cognito client.
	APIKey, ClientID, ClientSecret string
}

// Versions of the fulltrack API (spec 3 section 9).
const (
	V1 = "V1"
	V3 = "V3"
)

// Export formats.
const (
	CSV   = "csv"
	Excel = "excel"
)

// Service is the carrier's tracking API.
//
// Contract: Search answers the rows matching the criteria, sorted by
// Meta.SortField and direction then by tracking id, one page of Meta.PageSize
// (from SearchAfter when given, else from page PageNo), and the total; rows
// of customers outside Criteria.Customers never appear when it is set.
// Parcel, Events, Receiver and Sender of an unknown id are ErrNotFound.
// A refused account is ErrRefused; a service that fails or does not answer
// is ErrUnavailable. Export answers the matching rows (at most ExportLimit)
// as a CSV or XLSX file.
type Service interface {
	Search(ctx context.Context, a Account, c Criteria, m Meta) (Page, error)
	Parcel(ctx context.Context, a Account, id string) (Detail, error)
	Events(ctx context.Context, a Account, id string) ([]Event, error)
	Receiver(ctx context.Context, a Account, id string) (Party, error)
	Sender(ctx context.Context, a Account, id string) (Party, error)
	Products(ctx context.Context, a Account) ([]Product, error)
	Export(ctx context.Context, a Account, c Criteria, m Meta, format string) ([]byte, error)
}
