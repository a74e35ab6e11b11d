package access

import "testing"

func TestIsRole(t *testing.T) {
	for s, want := range map[string]bool{
		"ROLE_ADMIN": true, "ROLE_TRACKING": true, "ROLE_CUSTOMER_SERVICE": true,
		"ROLE_ROOT": false, "role_admin": false, "": false,
	} {
		if got := IsRole(s); got != want {
			t.Errorf("IsRole(%q) = %v, want %v", s, got, want)
		}
	}
}
