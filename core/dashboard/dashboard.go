// Package dashboard holds the rules of the dashboard's parcel counts (spec 3
// sections 2, 3, 7 and 9): parcels per destination country of a customer,
// the top-countries table, and the country search's countries and date
// range. A parcel counts once it holds a live label (a batch row's or a
// single parcel's shipment in state DONE), on the day it went to the
// carrier (UTC), for its destination country.
package dashboard

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"parcelportal/core/failure"
)

// CountryCount is how many parcels went to one country (spec 3 section 3,
// parcels per country: isoCountry, parcelCount).
type CountryCount struct {
	Country string
	Count   int64
}

// TopRows is how many rows the top-countries table shows (spec 3 section 9:
// 8, although its title says top 5).
const TopRows = 8

// MaxCountries bounds the countries of one search (there are 249 codes).
const MaxCountries = 250

// Sorted orders counts by count, largest first, then by country, and drops
// countries without parcels.
func Sorted(counts []CountryCount) []CountryCount {
	out := slices.DeleteFunc(slices.Clone(counts), func(c CountryCount) bool { return c.Count <= 0 })
	slices.SortFunc(out, func(a, b CountryCount) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Country, b.Country)
	})
	return out
}

// Search is the country search (spec 3 section 7, parcels-in-country): the
// countries (ISO alpha-2), and the days From to To, both inclusive; a zero
// day leaves that end open.
type Search struct {
	Countries []string
	From, To  time.Time
}

// ParseSearch reads the search's countries (comma-separated, upper-cased,
// each once) and its ISO dates (YYYY-MM-DD, or a timestamp whose date as
// written counts: the day the user picked), one field error per broken
// rule. At least one country is needed.
func ParseSearch(countries, from, to string) (Search, error) {
	var bad []failure.FieldViolation
	field := func(name, rule string) {
		bad = append(bad, failure.FieldViolation{Object: "parcelsInCountry", Field: name, Rule: rule})
	}
	var s Search
	for _, c := range strings.Split(countries, ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if !countryCode(c) {
			field("countries", "pattern")
			break
		}
		if !slices.Contains(s.Countries, c) {
			s.Countries = append(s.Countries, c)
		}
	}
	switch {
	case len(s.Countries) == 0 && len(bad) == 0:
		field("countries", "required")
	case len(s.Countries) > MaxCountries:
		field("countries", "Size")
	}
	slices.Sort(s.Countries)
	var ok bool
	if s.From, ok = day(from); !ok {
		field("from", "pattern")
	}
	if s.To, ok = day(to); !ok {
		field("to", "pattern")
	}
	if !s.From.IsZero() && !s.To.IsZero() && s.To.Before(s.From) {
		field("to", "range")
	}
	if len(bad) > 0 {
		return Search{}, failure.InvalidFields(bad...)
	}
	return s, nil
}

func countryCode(c string) bool {
	return len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z'
}

// day reads the date at the start of an ISO date or timestamp; empty is the
// zero time and fine.
func day(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, true
	}
	if len(s) > 10 {
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return time.Time{}, false
		}
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Year() < 1970 || t.Year() > 9999 {
		return time.Time{}, false
	}
	return t, true
}
