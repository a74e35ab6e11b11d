// Package invoice holds the rules of the commercial invoice (spec 2 section
// 5.5): which shipments an invoice covers, what its lines are, and how its
// totals are made. Rendering the document is an adapter's work.
package invoice

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"parcelportal/core/shipment"
)

// Incoterms of spec 2 section 5.5; DAP is the default.
const (
	IncotermDDP = "DDP"
	IncotermDAP = "DAP"
	IncotermDTP = "DTP"
)

// DefaultReasonOfExport is the reason an invoice names when the row names none.
const DefaultReasonOfExport = "SALE_OF_GOODS_PERMANENT"

// Party is the seller or a receiver as the invoice prints it.
type Party struct {
	Name     string
	Contact  string
	Street   string
	No       string
	Postcode string
	City     string
	Country  string
	EORI     string
	TaxID    string
	Email    string
}

// Line is one kind of goods: quantity times unit value and unit weight.
type Line struct {
	Description   string
	ArticleNumber string
	HSTariff      string
	Origin        string
	Quantity      float64
	UnitValue     float64
	UnitWeight    float64
	// Amount is Quantity times UnitValue, rounded to cents.
	Amount float64
}

// Parcel is one labelled shipment of the invoice.
type Parcel struct {
	Identifier string
	Reference  string
	Receiver   Party
}

// Commercial is one commercial invoice: the rows of a batch that name the
// same invoice number.
type Commercial struct {
	Number string
	// Date is the day it was made; zero when it is printed from CSV rows.
	Date                 time.Time
	PONumber             string
	Currency             string
	Incoterm             string
	ReasonOfExport       string
	AdditionalComments   string
	DeclarationStatement string
	Seller               Party
	Parcels              []Parcel
	Lines                []Line
	// Charges as the rows give them; duty, VAT and tobacco tax are the
	// receiver's under DAP and are then not charged on the invoice.
	FreightPostage float64
	Duty           float64
	VAT            float64
	TobaccoTax     float64
	DiscountRebate float64
	// Subtotal is the sum of the line amounts; Total adds the charges and
	// subtracts the discount.
	Subtotal float64
	Total    float64
	Weight   float64
}

// Labelled is a validated row whose shipment the carrier labelled.
type Labelled struct {
	Row        shipment.Validated
	Identifier string
}

// Build makes one invoice per invoice number, in the order the numbers first
// appear. Rows without an invoice number are left out. The header (PO
// number, incoterm, charges, texts) comes from the first row of an invoice
// that gives it: rows of one invoice repeat it, so it is not summed.
func Build(seller Party, rows []Labelled) []Commercial {
	var order []string
	byNumber := map[string]*Commercial{}
	for _, r := range rows {
		v := func(name string) string { return strings.TrimSpace(r.Row.Fields[name].Value) }
		number := v("invoiceNumber")
		if number == "" {
			continue
		}
		inv, ok := byNumber[number]
		if !ok {
			inv = &Commercial{Number: number, Seller: seller}
			byNumber[number] = inv
			order = append(order, number)
		}
		first := func(field *string, name string) {
			if *field == "" {
				*field = v(name)
			}
		}
		first(&inv.PONumber, "poNumber")
		first(&inv.Currency, "currency")
		first(&inv.Incoterm, "incoterm")
		first(&inv.ReasonOfExport, "reasonOfExport")
		first(&inv.AdditionalComments, "additionalComments")
		first(&inv.DeclarationStatement, "declarationStatement")
		firstAmount := func(field *float64, name string) {
			if *field == 0 {
				*field = Amount(v(name))
			}
		}
		firstAmount(&inv.FreightPostage, "freightPostage")
		firstAmount(&inv.Duty, "duty")
		firstAmount(&inv.VAT, "vat")
		firstAmount(&inv.TobaccoTax, "tobaccoTax")
		firstAmount(&inv.DiscountRebate, "discountRebate")
		if inv.Seller.EORI == "" {
			inv.Seller.EORI = v("sellerEORI")
		}
		inv.add(r)
	}
	out := make([]Commercial, 0, len(order))
	for _, n := range order {
		out = append(out, byNumber[n].totalled())
	}
	return out
}

// add puts a row's parcel and its order lines on the invoice.
func (c *Commercial) add(r Labelled) {
	v := func(name string) string { return strings.TrimSpace(r.Row.Fields[name].Value) }
	c.Parcels = append(c.Parcels, Parcel{Identifier: r.Identifier, Reference: v("referencenumber"), Receiver: Party{
		Name: v("name"), Contact: v("contact"), Street: v("street"), No: v("no"), Postcode: v("postalcode"),
		City: v("city"), Country: strings.ToUpper(v("isoCountry")), TaxID: v("receiverTaxId"), Email: v("email"),
	}})
	for _, l := range r.Row.OrderLines {
		lv := func(name string) string { return strings.TrimSpace(l[name].Value) }
		c.Lines = append(c.Lines, Line{Description: lv("description"), ArticleNumber: lv("articleNumber"), HSTariff: lv("hstarifnumber"),
			Origin: strings.ToUpper(lv("origincountry")), Quantity: Amount(lv("quantity")),
			UnitValue: Amount(lv("value")), UnitWeight: Amount(lv("weight"))})
	}
}

// totalled applies the defaults and computes the amounts.
func (c Commercial) totalled() Commercial {
	c.Incoterm = strings.ToUpper(c.Incoterm)
	if !slices.Contains([]string{IncotermDDP, IncotermDAP, IncotermDTP}, c.Incoterm) {
		c.Incoterm = IncotermDAP
	}
	if c.ReasonOfExport == "" {
		c.ReasonOfExport = DefaultReasonOfExport
	}
	if c.Currency == "" {
		c.Currency = "EUR"
	}
	for _, a := range ReceiverAmounts(c.Incoterm) {
		*c.amount(a) = 0
	}
	c.Subtotal, c.Weight = 0, 0
	for i := range c.Lines {
		c.Lines[i].Amount = cents(c.Lines[i].Quantity * c.Lines[i].UnitValue)
		c.Subtotal += c.Lines[i].Amount
		c.Weight += c.Lines[i].Quantity * c.Lines[i].UnitWeight
	}
	c.Subtotal = cents(c.Subtotal)
	c.Weight = math.Round(c.Weight*1000) / 1000
	c.Total = cents(c.Subtotal + c.FreightPostage + c.Duty + c.VAT + c.TobaccoTax - c.DiscountRebate)
	return c
}

// Amount reads a number written with a decimal comma or point; anything
// else counts as zero (validation has already flagged it).
func Amount(s string) float64 {
	s = strings.TrimSpace(s)
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// amount is the charge of that name (one of Amounts).
func (c *Commercial) amount(name string) *float64 {
	switch name {
	case AmountFreightPostage:
		return &c.FreightPostage
	case AmountDiscountRebate:
		return &c.DiscountRebate
	case AmountVAT:
		return &c.VAT
	case AmountTobaccoTax:
		return &c.TobaccoTax
	case AmountDuty:
		return &c.Duty
	}
	panic("invoice: no amount " + name)
}

func cents(f float64) float64 { return math.Round(f*100) / 100 }
