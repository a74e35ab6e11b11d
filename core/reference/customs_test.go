package reference

import "testing"

func TestIsInsideCustomsUnion(t *testing.T) {
	catalog := Catalog{
		TaxFreeCountries: []string{"DE", "ES", "NL"},
		CanaryIslandsPostalRanges: []PostalRange{
			{CountryCode: "ES", From: "35000", To: "35999"},
			{CountryCode: "ES", From: "38000", To: "38999"},
		},
	}
	cases := []struct {
		name, country, postal string
		want                  bool
	}{
		{"tax-free country", "DE", "10115", true},
		{"lower-case country", "nl", "1011 AB", true},
		{"country outside", "CH", "8001", false},
		{"mainland Spain", "ES", "28001", true},
		{"Gran Canaria", "ES", "35001", false},
		{"Tenerife upper bound", "ES", "38999", false},
		{"just above Tenerife", "ES", "39000", true},
		{"range edge below", "ES", "34999", true},
		{"canary code with spaces", "ES", " 35 001 ", false},
		{"short code is not in range", "ES", "3500", true},
		{"empty country", "", "35001", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := catalog.IsInsideCustomsUnion(c.country, c.postal); got != c.want {
				t.Errorf("IsInsideCustomsUnion(%q, %q) = %v, want %v", c.country, c.postal, got, c.want)
			}
		})
	}
}

func TestHas(t *testing.T) {
	list := []Code{{Code: ProductStandard}, {Code: ProductGo}}
	if !Has(list, ProductGo) || Has(list, ProductElite) || Has(nil, ProductGo) {
		t.Fatal("Has does not match codes exactly")
	}
}

func BenchmarkIsInsideCustomsUnion(b *testing.B) {
	catalog := Standard()
	destinations := [][2]string{{"DE", "10115"}, {"ES", "35001"}, {"CH", "8001"}, {"SK", "81101"}}
	for i := 0; b.Loop(); i++ {
		d := destinations[i%len(destinations)]
		catalog.IsInsideCustomsUnion(d[0], d[1])
	}
}
