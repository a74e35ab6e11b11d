// Package reference holds the carrier's reference data: the products,
// services, options, formats and return choices a shipment may name, and the
// geography that decides whether a destination needs customs paperwork.
package reference

// Code is one entry of a reference list: what is sent to the carrier and
// what is shown to people.
type Code struct {
	Code string
	Name string
}

// Catalog is the carrier's set of reference lists, each in display order.
type Catalog struct {
	Products                  []Code
	Services                  []Code
	Options                   []Code
	Formats                   []Code
	ReturnTypes               []Code
	ReturnOptions             []Code
	TaxFreeCountries          []string
	CanaryIslandsPostalRanges []PostalRange
}

// Product codes the portal's rules name explicitly.
const (
	ProductStandard = "EPAQSTD"
	ProductPlus     = "EPAQPLS"
	ProductSelect   = "EPAQSCT"
	ProductElite    = "EPAQELT"
	ProductGo       = "EPAQGO"
)

// Return types and return options.
const (
	ReturnDomestic      = "EPAQRETDOM"
	ReturnInternational = "EPAQRETINT"
	ReturnPrepaid       = "RETPP"
	ReturnPaidAtPost    = "RETPAP"
)

// Has reports whether code is one of the list's codes.
func Has(list []Code, code string) bool {
	for _, c := range list {
		if c.Code == code {
			return true
		}
	}
	return false
}
