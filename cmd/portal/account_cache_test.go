package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"parcelportal/app/demo"
)

// TestAccountReadFromTheSessionCacheFollowsChangesAndSignOut: GET
// web/api/account answers from the session cache (issue 16: it asked Kratos
// on every call), yet a saved profile shows at once and a signed-out
// bearer is refused at once, against the real Kratos.
func TestAccountReadFromTheSessionCacheFollowsChangesAndSignOut(t *testing.T) {
	p := newRegistrationPortal(t)
	const password = "Tr4ck-Me-N0t!"
	login := "cached-" + randomHex(t)
	email := login + "@example.org"
	t.Cleanup(func() { p.deleteUser(t, login) })
	p.mustREST(t, "POST", "/web/api/register", "", fmt.Sprintf(`{"login":%q,"email":%q,"password":%q,"crmId":%q,"requestReason":"Cache test.","langKey":"en"}`,
		login, email, password, demo.BakeryCRMID))
	p.mustREST(t, "GET", "/web/api/activate?key="+p.activationKeyFor(t, email), "", "")
	type account struct {
		Login     string `json:"login"`
		FirstName string `json:"firstName"`
		Email     string `json:"email"`
	}
	read := func(bearer string) account {
		t.Helper()
		_, b := p.mustREST(t, "GET", "/web/api/account", bearer, "")
		var a account
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("account = %s: %v", b, err)
		}
		return a
	}
	bearer := p.signInSkippingMFA(t, login, password)
	for range 3 {
		if a := read(bearer); a.Login != login || a.Email != email {
			t.Fatalf("account = %+v; want %s", a, login)
		}
	}

	// A saved profile shows at once, though the session was cached before.
	p.mustREST(t, "POST", "/web/api/account", bearer, fmt.Sprintf(`{"login":%q,"firstName":"Renamed","lastName":"Cache","email":%q,"langKey":"en"}`, login, email))
	if a := read(bearer); a.FirstName != "Renamed" {
		t.Errorf("account after saving the first name Renamed = %+v", a)
	}

	// Signed out: the cached bearer is refused at once.
	p.mustREST(t, "POST", "/web/api/logout", bearer, "")
	if rsp, b := p.rest(t, "GET", "/web/api/account", bearer, ""); rsp.StatusCode != http.StatusUnauthorized {
		t.Errorf("account with a signed-out bearer = %d %s; want 401", rsp.StatusCode, b)
	}
}
