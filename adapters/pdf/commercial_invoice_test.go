package pdf_test

import (
	"math"
	"testing"

	"parcelportal/adapters/pdf"
	"parcelportal/core/invoice"
)

func TestCommercialInvoicesStartOnTheirOwnA4Pages(t *testing.T) {
	small := invoice.Commercial{Number: "INV-1", Currency: "EUR", Incoterm: invoice.IncotermDDP, Subtotal: 10, Total: 12,
		Seller:               invoice.Party{Name: "Bäckerei Sonnenschein", EORI: "DE123"},
		Parcels:              []invoice.Parcel{{Identifier: "LX1", Receiver: invoice.Party{Name: "Heidi Müller", City: "Zürich", Country: "CH"}}},
		Lines:                []invoice.Line{{Description: "Christstollen 750 g", HSTariff: "190590", Origin: "DE", Quantity: 1, UnitValue: 10, Amount: 10}},
		DeclarationStatement: "I hereby certify that the information on this invoice is true and correct."}
	large := small
	large.Number = "INV-2"
	large.Lines = nil
	for range 80 {
		large.Lines = append(large.Lines, invoice.Line{Description: "Lebkuchen", Quantity: 1, UnitValue: 1, Amount: 1})
	}
	doc, err := pdf.CommercialInvoices{}.RenderCommercialInvoices([]invoice.Commercial{small, large})
	if err != nil {
		t.Fatal(err)
	}
	sizes, err := pdf.PageSizes(doc)
	if err != nil {
		t.Fatal(err)
	}
	// One page for the small invoice, at least two for the 80 lines.
	if len(sizes) < 3 {
		t.Fatalf("%d pages", len(sizes))
	}
	for i, s := range sizes {
		if math.Abs(s.Width-210) > 1 || math.Abs(s.Height-297) > 1 {
			t.Errorf("page %d is %.0f x %.0f mm", i+1, s.Width, s.Height)
		}
	}
}
