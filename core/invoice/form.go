package invoice

import (
	"strings"

	"parcelportal/core/reference"
)

/*
 * The invoice's own texts are printed on a customs document, which is in
 * English whatever the portal's language; the dialog starts with them and
 * the user may edit them.
 */
const (
	// StandardComment is the certification the additional comments start with.
	StandardComment = "I hereby certify that the information on this invoice is true and correct and the contents of this shipment are as stated above."
	// EUDeclaration is the declaration statement of shipments inside the EU customs union.
	EUDeclaration = "The exporter of the products covered by this document declares that, except where otherwise clearly indicated, these products are of EU preferential origin."
	// NonEUDeclaration is the declaration statement of shipments leaving the EU customs union.
	NonEUDeclaration = "I declare that the goods described in this invoice are exported from the European Union and that all the information given is true and correct."
)

// Names of the invoice request's amounts, as the contract's JSON names them.
const (
	AmountFreightPostage = "freightPostage"
	AmountDiscountRebate = "discountRebate"
	AmountVAT            = "vat"
	AmountTobaccoTax     = "tobaccoTax"
	AmountDuty           = "duty"
)

// Amounts are the invoice request's amounts, in the dialog's order.
var Amounts = []string{AmountFreightPostage, AmountDiscountRebate, AmountVAT, AmountTobaccoTax, AmountDuty}

// ReceiverAmounts are the amounts the receiver pays under the incoterm:
// under DAP duty, VAT and tobacco tax. They are not charged on the invoice
// (they count 0), and the dialog does not ask for them.
func ReceiverAmounts(incoterm string) []string {
	if strings.EqualFold(strings.TrimSpace(incoterm), IncotermDAP) {
		return []string{AmountVAT, AmountTobaccoTax, AmountDuty}
	}
	return nil
}

// Destination is where a shipment of the invoice goes.
type Destination struct {
	Country    string
	PostalCode string
}

// InsideCustomsUnion reports whether every destination lies inside the
// customs union (a tax-free country, the Canary Islands apart); no
// destination is not inside.
func InsideCustomsUnion(c reference.Catalog, destinations []Destination) bool {
	for _, d := range destinations {
		if !c.IsInsideCustomsUnion(d.Country, d.PostalCode) {
			return false
		}
	}
	return len(destinations) > 0
}

// Declaration is the declaration statement of shipments inside the customs
// union or leaving it.
func Declaration(inside bool) string {
	if inside {
		return EUDeclaration
	}
	return NonEUDeclaration
}

// Defaults is what the invoice dialog starts with for a selection: DAP,
// a permanent sale of goods, the standard comment, and the EU declaration
// when every shipment stays inside the customs union, else the non-EU one.
type Defaults struct {
	Incoterm             string
	ReasonOfExport       string
	AdditionalComments   string
	InsideCustomsUnion   bool
	DeclarationStatement string
}

// DefaultsFor is the dialog's start for shipments to the destinations.
func DefaultsFor(c reference.Catalog, destinations []Destination) Defaults {
	inside := InsideCustomsUnion(c, destinations)
	return Defaults{Incoterm: IncotermDAP, ReasonOfExport: DefaultReasonOfExport, AdditionalComments: StandardComment,
		InsideCustomsUnion: inside, DeclarationStatement: Declaration(inside)}
}
