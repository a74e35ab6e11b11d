package invoice

import (
	"testing"

	"parcelportal/core/shipment"
)

func row(fields map[string]string, lines ...map[string]string) shipment.Validated {
	v := shipment.Validated{Fields: map[string]shipment.Value{}, Valid: true}
	for k, s := range fields {
		v.Fields[k] = shipment.Value{Value: s}
	}
	for _, l := range lines {
		m := map[string]shipment.Value{}
		for k, s := range l {
			m[k] = shipment.Value{Value: s}
		}
		v.OrderLines = append(v.OrderLines, m)
	}
	return v
}

func TestBuildGroupsRowsByInvoiceNumberAndTotals(t *testing.T) {
	rows := []Labelled{
		{Identifier: "P1", Row: row(map[string]string{"invoiceNumber": "INV-1", "incoterm": "DDP", "currency": "CHF",
			"freightPostage": "4,50", "duty": "2", "vat": "7.7", "tobaccoTax": "0", "discountRebate": "1", "name": "Anna", "isoCountry": "ch"},
			map[string]string{"description": "Tea", "quantity": "3", "value": "2,10", "weight": "0.25", "origincountry": "de"},
			map[string]string{"description": "Cup", "quantity": "1", "value": "10"})},
		{Identifier: "P2", Row: row(map[string]string{"name": "no invoice"}, map[string]string{"quantity": "5", "value": "100"})},
		{Identifier: "P3", Row: row(map[string]string{"invoiceNumber": "INV-2", "incoterm": "DAP", "duty": "9", "vat": "9", "tobaccoTax": "9", "freightPostage": "1"},
			map[string]string{"quantity": "2", "value": "0.5"})},
		// A second parcel of INV-1 repeats the header: it is not charged twice.
		{Identifier: "P4", Row: row(map[string]string{"invoiceNumber": "INV-1", "freightPostage": "4,50", "name": "Anna"},
			map[string]string{"quantity": "1", "value": "1"})},
	}
	got := Build(Party{Name: "Seller", EORI: "DE1"}, rows)
	if len(got) != 2 || got[0].Number != "INV-1" || got[1].Number != "INV-2" {
		t.Fatalf("invoices = %+v", got)
	}
	a := got[0]
	// 3*2.10 + 10 + 1 = 17.30; + 4.50 + 2 + 7.70 + 0 - 1 = 30.50
	if a.Subtotal != 17.3 || a.Total != 30.5 || a.Currency != "CHF" || len(a.Parcels) != 2 || len(a.Lines) != 3 {
		t.Errorf("INV-1 = subtotal %v total %v currency %s parcels %d lines %d", a.Subtotal, a.Total, a.Currency, len(a.Parcels), len(a.Lines))
	}
	if a.Lines[0].Amount != 6.3 || a.Lines[0].Origin != "DE" || a.Weight != 0.75 || a.Parcels[0].Receiver.Country != "CH" {
		t.Errorf("INV-1 line = %+v weight %v", a.Lines[0], a.Weight)
	}
	b := got[1]
	// DAP: duty, VAT and tobacco tax are the receiver's.
	if b.Duty != 0 || b.VAT != 0 || b.TobaccoTax != 0 || b.Total != 2 || b.ReasonOfExport != DefaultReasonOfExport || b.Currency != "EUR" {
		t.Errorf("INV-2 = %+v", b)
	}
}

func TestUnknownIncotermFallsBackToDAP(t *testing.T) {
	got := Build(Party{}, []Labelled{{Row: row(map[string]string{"invoiceNumber": "X", "incoterm": "cif", "duty": "5"})}})
	if got[0].Incoterm != IncotermDAP || got[0].Duty != 0 {
		t.Errorf("invoice = %+v", got[0])
	}
}

func TestAmount(t *testing.T) {
	for in, want := range map[string]float64{"1,5": 1.5, "2.25": 2.25, " 3 ": 3, "": 0, "abc": 0, "NaN": 0, "1.234,5": 0} {
		if got := Amount(in); got != want {
			t.Errorf("Amount(%q) = %v, want %v", in, got, want)
		}
	}
}
