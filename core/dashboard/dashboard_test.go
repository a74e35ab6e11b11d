package dashboard

import (
	"slices"
	"testing"
	"time"

	"parcelportal/core/failure"
)

func TestSorted(t *testing.T) {
	got := Sorted([]CountryCount{{"NL", 3}, {"AT", 5}, {"DE", 5}, {"FR", 0}, {"IT", 1}})
	want := []CountryCount{{"AT", 5}, {"DE", 5}, {"NL", 3}, {"IT", 1}}
	if !slices.Equal(got, want) {
		t.Fatalf("Sorted = %v", got)
	}
}

func TestParseSearch(t *testing.T) {
	s, err := ParseSearch(" nl,DE,,nl ", "2026-11-01", "2026-11-30T23:59:59+01:00")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Countries, []string{"DE", "NL"}) || !s.From.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) ||
		!s.To.Equal(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("ParseSearch = %+v", s)
	}
	if s, err := ParseSearch("AT", "", ""); err != nil || !s.From.IsZero() || !s.To.IsZero() {
		t.Fatalf("open range = %+v, %v", s, err)
	}
	for _, c := range []struct{ countries, from, to, field, rule string }{
		{"", "", "", "countries", "required"},
		{"DEU", "", "", "countries", "pattern"},
		{"D1", "", "", "countries", "pattern"},
		{"DE", "2026-13-01", "", "from", "pattern"},
		{"DE", "", "yesterday", "to", "pattern"},
		{"DE", "2026-11-02", "2026-11-01", "to", "range"},
		{"DE", "2026-11-02T00:00:00", "", "from", "pattern"},
	} {
		_, err := ParseSearch(c.countries, c.from, c.to)
		e, ok := failure.As(err)
		if !ok || e.Key != "error.validation" || len(e.Fields) != 1 || e.Fields[0].Field != c.field || e.Fields[0].Rule != c.rule {
			t.Errorf("ParseSearch(%q, %q, %q) = %v", c.countries, c.from, c.to, err)
		}
	}
	many := ""
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'J'; b++ {
			many += string(a) + string(b) + ","
		}
	}
	if _, err := ParseSearch(many, "", ""); err == nil {
		t.Error("260 countries accepted")
	}
}
