package shipment

import (
	"reflect"
	"strconv"
	"testing"
)

func TestValidateAllKeepsTheOrderAndTheResults(t *testing.T) {
	rules := Rules{HubCountry: "DE"}
	for _, n := range []int{0, 1, 63, 64, 129, 1000} {
		drafts := make([]Draft, n)
		for i := range drafts {
			// Every third row lacks its city, so results differ row by row.
			city := "Berlin"
			if i%3 == 0 {
				city = ""
			}
			drafts[i] = Draft{Fields: map[string]string{"name": "Row " + strconv.Itoa(i), "city": city}}
		}
		got := ValidateAll(drafts, rules)
		if len(got) != n {
			t.Fatalf("%d drafts gave %d results", n, len(got))
		}
		for i, d := range drafts {
			if want := Validate(d, rules); !reflect.DeepEqual(got[i], want) {
				t.Fatalf("row %d of %d differs: %+v, want %+v", i, n, got[i], want)
			}
		}
	}
}
