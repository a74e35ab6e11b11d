package rpc_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

// identityAPI serves the account and user services on the in-memory
// identity provider, with the real authenticator and its caller cache.
func identityAPI(t *testing.T) (http.Handler, *memory.Identity) {
	t.Helper()
	return identityAPIBehind(t, nil, map[string]int{"login:": 5, "addr:": 50})
}

// identityAPIBehind is identityAPI behind the trusted proxies, with the throttle's limits.
func identityAPIBehind(t *testing.T, proxies rpc.TrustedProxies, limits map[string]int) (http.Handler, *memory.Identity) {
	t.Helper()
	ids := memory.NewIdentity("http://portal.test")
	links := memory.NewUserLinks()
	svc := identity.Service{
		Sessions: ids, SecondFactor: ids, Directory: ids, Mailbox: ids,
		MFA: memory.NewMFAState(), Audit: &memory.AuditLog{},
		Throttle: &memory.Throttle{Window: 15 * time.Minute, Limits: limits},
		Captcha:  captcha.Off{}, Links: links, Requests: &memory.RegistrationRequests{Links: links},
		Notices: mail.Notices{Sender: &memory.Outbox{}, BaseURL: "http://portal.test"},
	}
	api := newAPI(t, rpc.Handlers{
		Account: rpc.AccountHandler{Identity: svc}, Users: rpc.UserHandler{Identity: svc}, Callers: svc,
		Proxies: proxies,
	})
	return api, ids
}

func addUser(t *testing.T, ids *memory.Identity, login string, roles ...access.Role) {
	t.Helper()
	_, err := ids.Create(context.Background(), account.User{Login: login, Email: login + "@example.org", LangKey: "en",
		Roles: roles, Status: account.Active}, login+"-pass")
	if err != nil {
		t.Fatal(err)
	}
}

// bearerOf signs in over REST and returns the bearer.
func bearerOf(t *testing.T, api http.Handler, login string) string {
	t.Helper()
	rec := call(t, api, "", "POST", "/web/api/authenticate", `{"username":"`+login+`","password":"`+login+`-pass"}`)
	token, ok := strings.CutPrefix(rec.Header().Get("Authorization"), "Bearer ")
	if rec.Code != http.StatusOK || !ok {
		t.Fatalf("sign-in of %s = %d %s", login, rec.Code, rec.Body)
	}
	return token
}

func wantStatus(t *testing.T, what string, rec interface {
	Result() *http.Response
}, want int) {
	t.Helper()
	if got := rec.Result().StatusCode; got != want {
		t.Fatalf("%s = %d, want %d", what, got, want)
	}
}

func TestAnAdminsChangeReachesTheUsersCachedSessionAtOnce(t *testing.T) {
	api, ids := identityAPI(t)
	addUser(t, ids, "ada", access.Admin)
	addUser(t, ids, "bob", access.User)
	addUser(t, ids, "carl", access.Admin)
	admin, bob, carl := bearerOf(t, api, "ada"), bearerOf(t, api, "bob"), bearerOf(t, api, "carl")
	wantStatus(t, "bob reads his account", call(t, api, bob, "GET", "/web/api/account", ""), http.StatusOK)
	wantStatus(t, "carl lists users", call(t, api, carl, "GET", "/web/api/users", ""), http.StatusOK)

	wantStatus(t, "deactivate bob", call(t, api, admin, "PUT", "/web/api/users",
		`{"login":"bob","email":"bob@example.org","langKey":"en","activationStatus":"INACTIVE","authorities":["ROLE_USER"]}`), http.StatusOK)
	wantStatus(t, "bob after his deactivation", call(t, api, bob, "GET", "/web/api/account", ""), http.StatusUnauthorized)

	wantStatus(t, "demote carl", call(t, api, admin, "PUT", "/web/api/users",
		`{"login":"carl","email":"carl@example.org","langKey":"en","activationStatus":"ACTIVE","authorities":["ROLE_USER"]}`), http.StatusOK)
	wantStatus(t, "carl lists users after his demotion", call(t, api, carl, "GET", "/web/api/users", ""), http.StatusForbidden)

	addUser(t, ids, "dora", access.User)
	dora := bearerOf(t, api, "dora")
	wantStatus(t, "dora reads her account", call(t, api, dora, "GET", "/web/api/account", ""), http.StatusOK)
	wantStatus(t, "delete dora", call(t, api, admin, "DELETE", "/web/api/users/dora", ""), http.StatusOK)
	wantStatus(t, "dora after her deletion", call(t, api, dora, "GET", "/web/api/account", ""), http.StatusUnauthorized)
}

func TestAPasswordChangeEndsTheOtherSessionsAndKeepsThisOne(t *testing.T) {
	api, ids := identityAPI(t)
	addUser(t, ids, "bob", access.User)
	here, stolen := bearerOf(t, api, "bob"), bearerOf(t, api, "bob")
	wantStatus(t, "the stolen session", call(t, api, stolen, "GET", "/web/api/account", ""), http.StatusOK)
	wantStatus(t, "change the password", call(t, api, here, "POST", "/web/api/account/change-password",
		`{"currentPassword":"bob-pass","newPassword":"n3w-pass"}`), http.StatusOK)
	wantStatus(t, "the stolen session after the change", call(t, api, stolen, "GET", "/web/api/account", ""), http.StatusUnauthorized)
	wantStatus(t, "the session that changed it", call(t, api, here, "GET", "/web/api/account", ""), http.StatusOK)
}

func TestANewEmailNeedsTheCurrentPassword(t *testing.T) {
	api, ids := identityAPI(t)
	addUser(t, ids, "bob", access.User)
	bob := bearerOf(t, api, "bob")
	rec := call(t, api, bob, "POST", "/web/api/account", `{"firstName":"Bob","email":"thief@example.org","langKey":"en"}`)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"field":"currentPassword"`) {
		t.Fatalf("a new e-mail without the password = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, bob, "POST", "/web/api/account", `{"firstName":"Bob","email":"thief@example.org","langKey":"en","currentPassword":"guess"}`)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.currentPasswordWrong") {
		t.Fatalf("a new e-mail with a wrong password = %d %s", rec.Code, rec.Body)
	}
	if u, _ := ids.FindByLogin(context.Background(), "bob"); u.Email != "bob@example.org" || u.FirstName != "" {
		t.Fatalf("a refused save changed %+v", u)
	}
	wantStatus(t, "the same e-mail needs no password", call(t, api, bob, "POST", "/web/api/account",
		`{"firstName":"Bob","email":"BOB@example.org","langKey":"en"}`), http.StatusOK)
	rec = call(t, api, bob, "POST", "/web/api/account", `{"firstName":"Bob","email":"bob@example.com","langKey":"en","currentPassword":"bob-pass"}`)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "bob-pass") {
		t.Fatalf("a new e-mail with the password = %d %s", rec.Code, rec.Body)
	}
}

// Behind a trusted proxy each client has its own address bucket; without
// the proxy in TRUSTED_PROXIES everyone shares the proxy's.
func TestTheSignInThrottleCountsTheClientBehindATrustedProxy(t *testing.T) {
	limits := map[string]int{"login:": 100, "addr:": 2}
	signIn := func(api http.Handler, client, login string) int {
		req := httptest.NewRequest("POST", "/web/api/authenticate", strings.NewReader(`{"username":"`+login+`","password":"wrong"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "10.0.0.9:40000" // the proxy
		req.Header.Set("X-Forwarded-For", client)
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		return rec.Code
	}
	proxies, err := rpc.ParseTrustedProxies("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	behind, _ := identityAPIBehind(t, proxies, limits)
	for i, want := range []int{http.StatusUnauthorized, http.StatusUnauthorized, http.StatusTooManyRequests} {
		if got := signIn(behind, "198.51.100.1", "guess"+strconv.Itoa(i)); got != want {
			t.Fatalf("attempt %d of the first client = %d, want %d", i+1, got, want)
		}
	}
	if got := signIn(behind, "198.51.100.2", "someone"); got != http.StatusUnauthorized {
		t.Fatalf("another client behind the same proxy = %d, want its own bucket (401)", got)
	}

	untrusted, _ := identityAPIBehind(t, nil, limits)
	for i := range 2 {
		signIn(untrusted, "198.51.100.1", "guess"+strconv.Itoa(i))
	}
	if got := signIn(untrusted, "198.51.100.2", "someone"); got != http.StatusTooManyRequests {
		t.Fatalf("without trusted proxies the forwarded address must not count: %d, want 429", got)
	}
}
