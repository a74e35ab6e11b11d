// Package storetest holds the contract test of the dashboard's counts, run
// against Postgres (whose triggers keep them) and the in-memory fake alike.
package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"parcelportal/app/dashboards"
	"parcelportal/core/dashboard"
)

// Shipments writes the shipments the counts follow, as the batch jobs and
// the parcel calls do; a store that cannot fails its test itself.
type Shipments interface {
	// Ship stores a shipment of the customer to the country (as written)
	// that went to the carrier at the instant, in the state; answers its id.
	Ship(customerID int64, country string, at time.Time, state string) int64
	// SetState moves a shipment to the state (a label voided, a resend).
	SetState(id int64, state string)
	// Delete removes a shipment (a batch or shipment deleted).
	Delete(id int64)
}

// Contract checks that labelled shipments (state DONE) count per customer,
// country and day, that other states do not, and that voids, resends and
// deletes are followed; a customer's counts never include another's.
func Contract(t *testing.T, counts dashboards.Counts, ships Shipments, customers [2]int64) {
	ctx := context.Background()
	a, b := customers[0], customers[1]
	day := func(d int, hour int) time.Time { return time.Date(2026, 3, d, hour, 30, 0, 0, time.UTC) }
	ships.Ship(a, "NL", day(1, 9), "DONE")
	ships.Ship(a, "nl", day(2, 23), "DONE")
	ships.Ship(a, "NL", day(3, 0), "DONE")
	at := ships.Ship(a, "AT", day(2, 12), "DONE")
	ships.Ship(a, "DE", day(2, 12), "FAILED")
	ships.Ship(a, "FR", day(2, 12), "PENDING")
	pending := ships.Ship(a, "IT", day(4, 12), "SUBMITTING")
	ships.Ship(b, "NL", day(2, 12), "DONE")
	ships.Ship(b, "US", day(2, 12), "DONE")

	perCountry := func(c int64) []dashboard.CountryCount {
		t.Helper()
		got, err := counts.PerCountry(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	in := func(c int64, countries []string, from, to time.Time) int64 {
		t.Helper()
		n, err := counts.InCountries(ctx, c, dashboard.Search{Countries: countries, From: from, To: to})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	date := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }

	if got := perCountry(a); !slices.Equal(got, []dashboard.CountryCount{{Country: "NL", Count: 3}, {Country: "AT", Count: 1}}) {
		t.Fatalf("PerCountry(a) = %v", got)
	}
	if got := perCountry(b); !slices.Equal(got, []dashboard.CountryCount{{Country: "NL", Count: 1}, {Country: "US", Count: 1}}) {
		t.Fatalf("PerCountry(b) = %v", got)
	}
	if got := perCountry(a + b + 1000); len(got) != 0 {
		t.Fatalf("PerCountry(unknown) = %v", got)
	}
	for _, c := range []struct {
		countries []string
		from, to  time.Time
		want      int64
	}{
		{[]string{"NL"}, time.Time{}, time.Time{}, 3},
		{[]string{"NL", "AT"}, time.Time{}, time.Time{}, 4},
		{[]string{"NL"}, date(2), date(2), 1},
		{[]string{"NL", "AT"}, date(2), time.Time{}, 3},
		{[]string{"NL", "AT"}, time.Time{}, date(2), 3},
		{[]string{"DE", "FR", "US"}, time.Time{}, time.Time{}, 0},
		{[]string{"NL"}, date(4), date(9), 0},
	} {
		if got := in(a, c.countries, c.from, c.to); got != c.want {
			t.Errorf("InCountries(a, %v, %v, %v) = %d, want %d", c.countries, c.from, c.to, got, c.want)
		}
	}
	if got := in(b, []string{"NL", "AT", "US"}, time.Time{}, time.Time{}); got != 2 {
		t.Errorf("InCountries(b) = %d", got)
	}

	// A void takes the label away; a label made later counts.
	ships.SetState(at, "CANCELLED")
	ships.SetState(pending, "DONE")
	if got := perCountry(a); !slices.Equal(got, []dashboard.CountryCount{{Country: "NL", Count: 3}, {Country: "IT", Count: 1}}) {
		t.Fatalf("after void and label = %v", got)
	}
	if got := in(a, []string{"AT", "IT"}, date(1), date(4)); got != 1 {
		t.Errorf("InCountries after void = %d", got)
	}
	ships.Delete(pending)
	ships.SetState(at, "DONE")
	if got := perCountry(a); !slices.Equal(got, []dashboard.CountryCount{{Country: "NL", Count: 3}, {Country: "AT", Count: 1}}) {
		t.Fatalf("after delete and resend = %v", got)
	}
}
