package invoice

import (
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// ruleRange flags an amount below 0 or above MaxAmount (error.range).
const ruleRange = "range"

// Reasons of export the invoice dialog offers (spec 2 section 5.5).
var ReasonsOfExport = []string{"DOCS", DefaultReasonOfExport, "RETURNED_GOODS", "SAMPLES"}

// Incoterms the invoice dialog offers, DAP being the default.
var Incoterms = []string{IncotermDDP, IncotermDAP, IncotermDTP}

// Limits of the invoice request's texts and amounts.
const (
	MaxNumberLength      = 35
	MaxPONumberLength    = 35
	MaxCommentsLength    = 1000
	MaxDeclarationLength = 2000
	MaxAmount            = 1e9
)

// Keys of the invoice request's refusals.
const (
	// KeyNumberTaken: the number is already used for one of the customers' CRM ids.
	KeyNumberTaken = "error.invoice.invoiceNumberIsTaken"
	// KeyNotInvoiceable: a chosen shipment is not MANIFEST_CREATED, or is a return.
	KeyNotInvoiceable = "error.invoice.notInvoiceable"
	// KeyAlreadyInvoiced: a chosen shipment is on a stored invoice already.
	KeyAlreadyInvoiced = "error.invoice.alreadyInvoiced"
	// KeyNotFound: no stored invoice of that number for the caller.
	KeyNotFound = "error.invoice.notFound"
)

// The refusals of storing an invoice; the store answers them.
var (
	ErrNumberTaken     = &failure.Error{Kind: failure.Conflict, Key: KeyNumberTaken, Entity: "invoice"}
	ErrAlreadyInvoiced = &failure.Error{Kind: failure.Conflict, Key: KeyAlreadyInvoiced, Entity: "invoice"}
	ErrNotFound        = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: "invoice"}
)

// Header is what the invoice dialog enters (spec 2 section 3, invoice
// request), the shipments apart.
type Header struct {
	Number               string
	PONumber             string
	Incoterm             string
	ReasonOfExport       string
	AdditionalComments   string
	DeclarationStatement string
	FreightPostage       float64
	Duty                 float64
	VAT                  float64
	TobaccoTax           float64
	DiscountRebate       float64
}

// NormalizeNumber strips every whitespace character from an invoice number.
func NormalizeNumber(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// Check normalizes the header (number without whitespace, incoterm and
// reason upper case, an empty one the default, DAP's duty, VAT and tobacco
// tax zero: the receiver's) and refuses it with a field error per broken
// rule.
func (h Header) Check() (Header, error) {
	h.Number = NormalizeNumber(h.Number)
	h.Incoterm = strings.ToUpper(strings.TrimSpace(h.Incoterm))
	if h.Incoterm == "" {
		h.Incoterm = IncotermDAP
	}
	h.ReasonOfExport = strings.ToUpper(strings.TrimSpace(h.ReasonOfExport))
	if h.ReasonOfExport == "" {
		h.ReasonOfExport = DefaultReasonOfExport
	}
	h.PONumber = strings.TrimSpace(h.PONumber)
	var bad []failure.FieldViolation
	add := func(field, rule string) {
		bad = append(bad, failure.FieldViolation{Object: "invoice", Field: field, Rule: rule})
	}
	switch {
	case h.Number == "":
		add("invoiceNumber", account.RuleRequired)
	case utf8.RuneCountInString(h.Number) > MaxNumberLength:
		add("invoiceNumber", account.RuleSize)
	}
	if utf8.RuneCountInString(h.PONumber) > MaxPONumberLength {
		add("poNumber", account.RuleSize)
	}
	if !slices.Contains(Incoterms, h.Incoterm) {
		add("incoterm", account.RulePattern)
	}
	if !slices.Contains(ReasonsOfExport, h.ReasonOfExport) {
		add("reasonOfExport", account.RulePattern)
	}
	if utf8.RuneCountInString(h.AdditionalComments) > MaxCommentsLength {
		add("additionalComments", account.RuleSize)
	}
	if utf8.RuneCountInString(h.DeclarationStatement) > MaxDeclarationLength {
		add("declarationStatement", account.RuleSize)
	}
	for _, a := range []struct {
		field string
		value *float64
	}{{AmountFreightPostage, &h.FreightPostage}, {AmountDuty, &h.Duty}, {AmountVAT, &h.VAT}, {AmountTobaccoTax, &h.TobaccoTax}, {AmountDiscountRebate, &h.DiscountRebate}} {
		if slices.Contains(ReceiverAmounts(h.Incoterm), a.field) {
			*a.value = 0
			continue
		}
		if math.IsNaN(*a.value) || *a.value < 0 || *a.value > MaxAmount {
			add(a.field, ruleRange)
			continue
		}
		*a.value = cents(*a.value)
	}
	if len(bad) > 0 {
		return h, failure.InvalidFields(bad...)
	}
	return h, nil
}

// Make is the invoice of one seller's shipments with the header the
// dialog entered: the parcels and their order lines come from the rows,
// the currency from the first row that names one.
func Make(seller Party, h Header, rows []Labelled) Commercial {
	c := Commercial{Number: h.Number, PONumber: h.PONumber, Incoterm: h.Incoterm, ReasonOfExport: h.ReasonOfExport,
		AdditionalComments: h.AdditionalComments, DeclarationStatement: h.DeclarationStatement, Seller: seller,
		FreightPostage: h.FreightPostage, Duty: h.Duty, VAT: h.VAT, TobaccoTax: h.TobaccoTax, DiscountRebate: h.DiscountRebate}
	for _, r := range rows {
		if c.Currency == "" {
			c.Currency = strings.ToUpper(strings.TrimSpace(r.Row.Fields["currency"].Value))
		}
		c.add(r)
	}
	return c.totalled()
}

// Stored is a commercial invoice as kept: one customer's shipments under
// one number, with the header and the amounts it was made with.
type Stored struct {
	ID           int64
	CustomerID   int64
	CustomerName string
	CRMID        string
	Header
	Currency   string
	Subtotal   float64
	Total      float64
	Chargeable bool
	CreatedBy  string
	CreatedAt  time.Time
	Shipments  []StoredShipment
}

// StoredShipment is a shipment of a stored invoice. Its order lines and
// currency are the shipment's as entered (each line field name to value);
// the invoice store keeps only the ids, the invoice details read them.
type StoredShipment struct {
	ID         int64
	Identifier string
	OrderLines []map[string]string
	Currency   string
}

// HeaderOf is the header a commercial invoice was made with.
func HeaderOf(c Commercial) Header {
	return Header{Number: c.Number, PONumber: c.PONumber, Incoterm: c.Incoterm, ReasonOfExport: c.ReasonOfExport,
		AdditionalComments: c.AdditionalComments, DeclarationStatement: c.DeclarationStatement,
		FreightPostage: c.FreightPostage, Duty: c.Duty, VAT: c.VAT, TobaccoTax: c.TobaccoTax, DiscountRebate: c.DiscountRebate}
}
