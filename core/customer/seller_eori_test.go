package customer

import (
	"errors"
	"testing"
)

func TestSellerEORIChange(t *testing.T) {
	user := Actor{CanAct: true, FormRole: true}
	admin := Actor{CanAct: true, FormRole: true, Admin: true}
	cases := []struct {
		name    string
		actor   Actor
		current string
		value   string
		changed bool
		err     error
	}{
		{"a user enters a missing one", user, "", "DE123456789012345", true, nil},
		{"the same again changes nothing", user, "DE1", "DE1", false, nil},
		{"a user may not change a given one", user, "DE1", "DE2", false, ErrConsentLocked},
		{"an admin may", admin, "DE1", "DE2", true, nil},
		{"another customer's", Actor{FormRole: true}, "", "DE1", false, ErrNotFound},
		{"a tracking-only login", Actor{CanAct: true}, "", "DE1", false, ErrFormRolesOnly},
		{"too short", user, "", "DE", false, ErrSellerEORI},
		{"too long", user, "", "DE1234567890123456", false, ErrSellerEORI},
		{"no country", user, "", "1234", false, ErrSellerEORI},
		{"other characters", user, "", "DE12-34", false, ErrSellerEORI},
	}
	for _, c := range cases {
		changed, err := SellerEORIChange(c.actor, Customer{SellerEORI: c.current}, NormalizeSellerEORI(c.value))
		if changed != c.changed || !errors.Is(err, c.err) {
			t.Errorf("%s: %v %v, want %v %v", c.name, changed, err, c.changed, c.err)
		}
	}
	if NormalizeSellerEORI(" de 123 456 ") != "DE123456" {
		t.Error("normalize")
	}
}
