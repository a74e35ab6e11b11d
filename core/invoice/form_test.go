package invoice

import (
	"slices"
	"testing"

	"parcelportal/core/reference"
)

func TestReceiverAmountsAreDutyAndTaxesUnderDAPOnly(t *testing.T) {
	for _, incoterm := range []string{"DAP", " dap "} {
		if got := ReceiverAmounts(incoterm); !slices.Equal(got, []string{AmountVAT, AmountTobaccoTax, AmountDuty}) {
			t.Errorf("%q: %v", incoterm, got)
		}
	}
	for _, incoterm := range []string{IncotermDDP, IncotermDTP} {
		if got := ReceiverAmounts(incoterm); len(got) != 0 {
			t.Errorf("%s: %v", incoterm, got)
		}
	}
}

func TestTheReceiversAmountsCountZeroOnTheInvoice(t *testing.T) {
	h, err := Header{Number: "A", Incoterm: "DAP", FreightPostage: 1, DiscountRebate: 2, VAT: 3, TobaccoTax: 4, Duty: 5}.Check()
	if err != nil {
		t.Fatal(err)
	}
	if h.FreightPostage != 1 || h.DiscountRebate != 2 || h.VAT != 0 || h.TobaccoTax != 0 || h.Duty != 0 {
		t.Errorf("checked = %+v", h)
	}
	// A receiver's amount is not checked: it is not charged.
	if _, err := (Header{Number: "A", Incoterm: "DAP", VAT: -1}).Check(); err != nil {
		t.Errorf("DAP with a negative VAT: %v", err)
	}
	if _, err := (Header{Number: "A", Incoterm: "DTP", VAT: -1}).Check(); err == nil {
		t.Error("DTP with a negative VAT passed")
	}
	c := Make(Party{}, Header{Number: "A", Incoterm: "DAP", FreightPostage: 1, VAT: 3, TobaccoTax: 4, Duty: 5}, nil)
	if c.VAT != 0 || c.TobaccoTax != 0 || c.Duty != 0 || c.Total != 1 {
		t.Errorf("made = %+v", c)
	}
}

func TestDefaultsNameTheEUDeclarationOnlyInsideTheCustomsUnion(t *testing.T) {
	catalog := reference.Standard()
	cases := []struct {
		name         string
		destinations []Destination
		inside       bool
	}{
		{"Austria and Germany", []Destination{{"AT", "1010"}, {"de", " 10115 "}}, true},
		{"mainland Spain", []Destination{{"ES", "28001"}}, true},
		{"the Canary Islands", []Destination{{"ES", "35001"}}, false},
		{"Switzerland", []Destination{{"CH", "8001"}}, false},
		{"one of two outside", []Destination{{"AT", "1010"}, {"CH", "8001"}}, false},
		{"no shipment", nil, false},
	}
	for _, c := range cases {
		d := DefaultsFor(catalog, c.destinations)
		want := NonEUDeclaration
		if c.inside {
			want = EUDeclaration
		}
		if d.InsideCustomsUnion != c.inside || d.DeclarationStatement != want {
			t.Errorf("%s: %+v", c.name, d)
		}
		if d.Incoterm != IncotermDAP || d.ReasonOfExport != DefaultReasonOfExport || d.AdditionalComments != StandardComment {
			t.Errorf("%s: defaults %+v", c.name, d)
		}
	}
}

func TestHeaderCheckStripsWhitespaceFromTheNumber(t *testing.T) {
	for typed, want := range map[string]string{" INV 2 ": "INV2", "INV\u00a0-\t1\n": "INV-1", "A-1": "A-1"} {
		if got := NormalizeNumber(typed); got != want {
			t.Errorf("NormalizeNumber(%q) = %q", typed, got)
		}
	}
}
