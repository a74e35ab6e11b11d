package shipment

import (
	"parcelportal/core/customer"
	"parcelportal/core/reference"
)

// Rules are what validation needs to know besides the values: the carrier's
// reference lists and what the shipping customer may use.
type Rules struct {
	Catalog        reference.Catalog
	APIClient      string
	Features       []customer.Feature
	EORIThresholds []customer.EORIThreshold
	// SellerEORI is the customer's own; a row without one uses it.
	SellerEORI string
	// HubCountry is the country of the hub that receives the customer's parcels.
	HubCountry string
}

// RulesFor gathers the rules for shipments of customer c, received at a hub in hubCountry.
func RulesFor(c customer.Customer, hubCountry string, cat reference.Catalog) Rules {
	return Rules{Catalog: cat, APIClient: c.APIClient, Features: c.AvailableFeatures, EORIThresholds: c.EORICountryThresholds, SellerEORI: c.SellerEORI, HubCountry: hubCountry}
}
