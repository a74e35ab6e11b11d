// Package customer is the customer of the carrier as the administration
// screens keep it (spec 3 section 3): its address, configuration, consents,
// auto-manifest schedule and the credentials it uses towards the carrier and
// tracking services, with the rules of who may see and change what.
package customer

import (
	"time"
)

// Label types a customer prints; Zebra is shown as ZPL.
const (
	LabelPDF   = "PDF"
	LabelZebra = "Zebra"
	// LabelZebra300 is ZPL for a 300 dpi Zebra: not a customer's setting,
	// but the type a batch is labelled in for a printer of that resolution.
	LabelZebra300 = "Zebra300"
)

// API clients a customer ships through.
const (
	ClientA1       = "A1"
	ClientShipping = "SHIPPING"
)

// Fulltrack API versions.
const (
	FulltrackV1 = "V1"
	FulltrackV3 = "V3"
)

// Defaults of spec 3 section 9.
const (
	DefaultLanguage  = "en"
	DefaultLabelType = LabelPDF
	DefaultAPIClient = ClientShipping
	DefaultCurrency  = "EUR"
)

// CognitoClientSecretMaxLength is the longest cognito client secret (spec 3 section 5).
const CognitoClientSecretMaxLength = 100

// Address is where the customer sits.
type Address struct {
	Street            string
	AdditionalAddress string
	ZipCode           string
	City              string
	Region            string
	CountryCode       string
	Phone             string
}

// ManifestingRule routes parcels matching destination, product, service and
// options to a manifest type and hub.
type ManifestingRule struct {
	Destination       string
	Product           string
	Service           string
	AdditionalOptions []string
	ManifestType      string
	HubID             int64
}

// Feature is a product and service the customer may ship, with its options.
type Feature struct {
	Product string
	Service string
	Options []string
}

// EORIThreshold is the parcel value above which an EORI is needed for a destination.
type EORIThreshold struct {
	Destination   string
	EORIThreshold float64
}

// Consent is an accepted term with who accepted it and when.
type Consent struct {
	Accepted bool
	At       time.Time
	By       string
}

// Credentials are what the customer uses towards the carrier, tracking and
// aggregator services. The secret ones are encrypted at rest and never shown.
type Credentials struct {
	APIPassword           string
	TrackingPassword      string
	FulltrackAccessKey    string
	FulltrackRefreshToken string
	FulltrackAPIKey       string
	CognitoClientID       string
	CognitoClientSecret   string
	A1APIKey              string
	A1Username            string
	A1Password            string
	A1ProcessingPoint     string
	ShippyProAPIKey       string
	GRPAPIUsername        string
	GRPAPIPassword        string
}

// Secrets lists pointers to the secret credential fields, so encryption and
// masking treat them all alike.
func (c *Credentials) Secrets() []*string {
	return []*string{
		&c.APIPassword, &c.TrackingPassword, &c.FulltrackAccessKey, &c.FulltrackRefreshToken,
		&c.FulltrackAPIKey, &c.CognitoClientSecret, &c.A1APIKey, &c.A1Password,
		&c.ShippyProAPIKey, &c.GRPAPIPassword,
	}
}

// Customer is one customer with every field of spec 3 section 3.
type Customer struct {
	ID                            int64
	Name                          string
	CRMID                         string
	APIUsername                   string
	SenderTaxID                   string
	TaxNumber                     string
	Address                       Address
	FulfillmentIDs                []int64
	HubID                         int64
	HubName                       string
	ShouldIncreaseReferenceNumber bool
	ManifestType                  string
	ManifestingRules              []ManifestingRule
	LabelType                     string
	Language                      string
	APIClient                     string
	AcssID                        int64
	IsCommercialInvoiceChargeable bool
	GTC                           Consent
	CIPricing                     Consent
	AvailableFeatures             []Feature
	SellerEORI                    string
	EORICountryThresholds         []EORIThreshold
	ManifestEmails                []string
	AutoManifest                  AutoManifest
	FulltrackVersion              string
	GRPEnabled                    bool
	TrackingUsername              string
	Currency                      string
	Credentials                   Credentials
}

// New is a customer with the defaults of spec 3 section 9, served from the
// tenant's default hub.
func New(defaultHubID int64) Customer {
	return Customer{
		HubID:     defaultHubID,
		Language:  DefaultLanguage,
		LabelType: DefaultLabelType,
		APIClient: DefaultAPIClient,
		Currency:  DefaultCurrency,
	}
}

// ApplyDefaults fills empty fields with their defaults.
func (c *Customer) ApplyDefaults(defaultHubID int64) {
	d := New(defaultHubID)
	if c.HubID <= 0 {
		c.HubID = d.HubID
	}
	if c.Language == "" {
		c.Language = d.Language
	}
	if c.LabelType == "" {
		c.LabelType = d.LabelType
	}
	if c.APIClient == "" {
		c.APIClient = d.APIClient
	}
	if c.Currency == "" {
		c.Currency = d.Currency
	}
}

// LabelTypeShown is how a label type is named on screen: Zebra is ZPL.
func LabelTypeShown(labelType string) string {
	if labelType == LabelZebra {
		return "ZPL"
	}
	return labelType
}

// ParseSendLabelType accepts the label types a batch can be labelled in:
// the customer's types and Zebra300 for 300 dpi printers.
func ParseSendLabelType(s string) (string, bool) {
	if s == LabelZebra300 {
		return LabelZebra300, true
	}
	return ParseLabelType(s)
}

// ParseLabelType accepts a label type by its stored or shown name.
func ParseLabelType(s string) (string, bool) {
	switch s {
	case "", LabelPDF:
		return LabelPDF, true
	case LabelZebra, "ZPL":
		return LabelZebra, true
	}
	return "", false
}
