package invoice

import (
	"math"
	"slices"
	"testing"

	"parcelportal/core/failure"
)

func TestHeaderCheckNormalizes(t *testing.T) {
	h, err := Header{Number: " INV\t2026 -1\n", Incoterm: "dap", ReasonOfExport: "docs", Duty: 3, VAT: 4, TobaccoTax: 5,
		FreightPostage: 1.005, DiscountRebate: 2}.Check()
	if err != nil {
		t.Fatal(err)
	}
	// Whitespace stripped; DAP: duty, VAT and tobacco tax are the receiver's.
	if h.Number != "INV2026-1" || h.Incoterm != IncotermDAP || h.ReasonOfExport != "DOCS" || h.Duty != 0 || h.VAT != 0 ||
		h.TobaccoTax != 0 || h.FreightPostage != 1 || h.DiscountRebate != 2 {
		t.Errorf("checked = %+v", h)
	}
	if h, _ := (Header{Number: "A", Incoterm: "DDP", ReasonOfExport: "SAMPLES", Duty: 3}).Check(); h.Duty != 3 {
		t.Errorf("DDP keeps duty: %+v", h)
	}
}

func TestHeaderCheckRefusesEachBrokenRule(t *testing.T) {
	ok := Header{Number: "INV-1", Incoterm: "DDP", ReasonOfExport: DefaultReasonOfExport}
	long := func(n int) string { return string(slices.Repeat([]byte("x"), n)) }
	cases := map[string]func(*Header){
		"invoiceNumber":        func(h *Header) { h.Number = " \t " },
		"poNumber":             func(h *Header) { h.PONumber = long(36) },
		"incoterm":             func(h *Header) { h.Incoterm = "CIF" },
		"reasonOfExport":       func(h *Header) { h.ReasonOfExport = "GIFT" },
		"additionalComments":   func(h *Header) { h.AdditionalComments = long(1001) },
		"declarationStatement": func(h *Header) { h.DeclarationStatement = long(2001) },
		"freightPostage":       func(h *Header) { h.FreightPostage = -1 },
		"duty":                 func(h *Header) { h.Duty = math.NaN() },
		"discountRebate":       func(h *Header) { h.DiscountRebate = 2e9 },
	}
	for field, change := range cases {
		h := ok
		change(&h)
		_, err := h.Check()
		f, isFailure := failure.As(err)
		if !isFailure || f.Kind != failure.Invalid || len(f.Fields) != 1 || f.Fields[0].Field != field {
			t.Errorf("%s: %v", field, err)
		}
	}
	h := ok
	h.Number = long(36)
	if _, err := h.Check(); err == nil {
		t.Errorf("a 36 character number passed")
	}
	if _, err := ok.Check(); err != nil {
		t.Errorf("a good header: %v", err)
	}
}

func TestMakeTakesTheHeaderAndEveryRow(t *testing.T) {
	h := Header{Number: "N1", Incoterm: IncotermDDP, ReasonOfExport: "SAMPLES", FreightPostage: 2, Duty: 1, DiscountRebate: 0.5}
	got := Make(Party{Name: "S"}, h, []Labelled{
		{Identifier: "P1", Row: row(map[string]string{"currency": "chf", "invoiceNumber": "CSV-9", "incoterm": "DAP"},
			map[string]string{"quantity": "2", "value": "3"})},
		{Identifier: "P2", Row: row(map[string]string{"currency": "EUR"}, map[string]string{"quantity": "1", "value": "4"})},
	})
	// The dialog's header wins over the rows' invoice columns; the first currency counts.
	if got.Number != "N1" || got.Incoterm != IncotermDDP || got.Currency != "CHF" || len(got.Parcels) != 2 ||
		len(got.Lines) != 2 || got.Subtotal != 10 || got.Total != 12.5 || HeaderOf(got) != h {
		t.Errorf("Make = %+v", got)
	}
}
