package access

import "testing"

func TestPolicyAllows(t *testing.T) {
	admin := &Caller{Roles: []Role{Admin}}
	user := &Caller{Roles: []Role{User}}
	roleless := &Caller{Login: "new"}
	var anonymous *Caller

	cases := []struct {
		name   string
		policy Policy
		caller *Caller
		want   bool
	}{
		{"public lets anonymous in", Public(), anonymous, true},
		{"public lets users in", Public(), user, true},
		{"anonymous lets anonymous in", Anonymous(), anonymous, true},
		{"anonymous lets users in", Anonymous(), user, true},
		{"authenticated denies anonymous", Authenticated(), anonymous, false},
		{"authenticated allows any role", Authenticated(), user, true},
		{"authenticated denies a user without roles", Authenticated(), roleless, false},
		{"listed role allows", AnyOf(Admin, SuperAdmin), admin, true},
		{"unlisted role denies", AnyOf(Admin, SuperAdmin), user, false},
		{"roles deny anonymous", AnyOf(User), anonymous, false},
	}
	for _, c := range cases {
		if got := c.policy.Allows(c.caller); got != c.want {
			t.Errorf("%s: Allows = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestOnlyAnonymousOperationsReadNoCaller(t *testing.T) {
	if Anonymous().ReadsCaller() || !Anonymous().IsPublic() {
		t.Error("an anonymous operation is public and reads no caller")
	}
	for _, p := range []Policy{Public(), Authenticated(), AnyOf(User)} {
		if !p.ReadsCaller() {
			t.Errorf("%+v reads no caller; only Anonymous() may say so", p)
		}
	}
}

func TestCallerKinds(t *testing.T) {
	var anonymous *Caller
	if anonymous.IsAdmin() || anonymous.IsTrackingOnly() || anonymous.Has(User) {
		t.Error("an anonymous caller holds nothing")
	}
	if !(&Caller{Roles: []Role{SuperAdmin}}).IsAdmin() || (&Caller{Roles: []Role{Operations}}).IsAdmin() {
		t.Error("admin means ADMIN or SUPERADMIN")
	}
	if !(&Caller{Roles: []Role{TrackingOnly}}).IsTrackingOnly() || (&Caller{Roles: []Role{TrackingOnly, User}}).IsTrackingOnly() {
		t.Error("tracking-only means TRACKING and nothing else")
	}
}

func TestCanActFor(t *testing.T) {
	own := &Caller{Roles: []Role{User}, CustomerID: 7}
	fulfiller := &Caller{Roles: []Role{User}, FulfillmentID: 3, FulfillmentCustomers: []int64{8, 9}}
	cases := []struct {
		name     string
		caller   *Caller
		customer int64
		want     bool
	}{
		{"own customer", own, 7, true},
		{"another customer", own, 8, false},
		{"fulfillment's customer", fulfiller, 9, true},
		{"not the fulfillment's", fulfiller, 7, false},
		{"operations act for anyone", &Caller{Roles: []Role{Operations}}, 42, true},
		{"customer service act for anyone", &Caller{Roles: []Role{CustomerService}}, 42, true},
		{"tracking user of another customer", &Caller{Roles: []Role{TrackingOnly}, CustomerID: 7}, 8, false},
		{"anonymous", nil, 7, false},
		{"no customer named", own, 0, false},
	}
	for _, c := range cases {
		if got := c.caller.CanActFor(c.customer); got != c.want {
			t.Errorf("%s: CanActFor(%d) = %v, want %v", c.name, c.customer, got, c.want)
		}
	}
}
