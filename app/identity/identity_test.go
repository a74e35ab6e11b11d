package identity_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"parcelportal/adapters/mail"
	"parcelportal/adapters/memory"
	"parcelportal/app/identity"
	"parcelportal/app/identity/identitytest"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

var ctx = context.Background()

type world struct {
	svc      identity.Service
	ids      *memory.Identity
	audit    *memory.AuditLog
	links    *memory.UserLinks
	requests *memory.RegistrationRequests
	outbox   *memory.Outbox
	now      time.Time
}

// bakery is customer 7 of the only tenant, whose staff read registrations
// at registrations@carrier.example.
var bakery = organisation.CustomerRef{ID: 7, Name: "Bäckerei Sonnenschein", CRMID: "DE12345678"}

const staffAddress = "registrations@carrier.example"

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{ids: memory.NewIdentity("http://portal.test"), audit: &memory.AuditLog{}, now: time.Now(),
		links: memory.NewUserLinks(), outbox: &memory.Outbox{}}
	w.requests = &memory.RegistrationRequests{Links: w.links, Tenants: []memory.RegistrationTenant{
		{Customers: []organisation.CustomerRef{bakery}, Emails: []string{staffAddress}},
	}}
	w.svc = identity.Service{
		Sessions: w.ids, SecondFactor: w.ids, Directory: w.ids, Mailbox: w.ids,
		MFA: memory.NewMFAState(), Audit: w.audit,
		Throttle: &memory.Throttle{Window: 15 * time.Minute, Limits: map[string]int{"login:": 3, "addr:": 50,
			identity.ResetEmailKey: 3, identity.ResetAddrKey: 8, identity.AttemptMailKey: 3}},
		Captcha:    captchaStub{},
		Links:      w.links,
		Requests:   w.requests,
		Notices:    mail.Notices{Sender: w.outbox, BaseURL: "http://portal.test"},
		MFAEnabled: true,
		Now:        func() time.Time { return w.now },
	}
	return w
}

type captchaStub struct{ enabled, pass bool }

func (c captchaStub) Enabled() bool { return c.enabled }
func (c captchaStub) Verify(context.Context, string, string) error {
	if !c.pass {
		return errors.New("wrong answer")
	}
	return nil
}

func registration(login string) identity.RegisterInput {
	return identity.RegisterInput{Registration: account.Registration{
		Login: login, Email: login + "@example.org", Password: "s3cret", CRMID: "de12345678", LangKey: "de",
	}}
}

var keyIn = regexp.MustCompile(`/account/(?:activate|reset/finish)/([^\s"<]+)`)

// mailedKey returns the key of the newest mail to the address.
func (w *world) mailedKey(t *testing.T, email string) string {
	t.Helper()
	mails := w.ids.Mails(email)
	if len(mails) == 0 {
		t.Fatalf("no mail to %s", email)
	}
	m := keyIn.FindStringSubmatch(mails[len(mails)-1].Text)
	if m == nil {
		t.Fatalf("no key in %q", mails[len(mails)-1].Text)
	}
	return m[1]
}

// activeUser registers and activates a login.
func (w *world) activeUser(t *testing.T, login string) {
	t.Helper()
	if err := w.svc.Register(ctx, registration(login)); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Activate(ctx, w.mailedKey(t, login+"@example.org")); err != nil {
		t.Fatal(err)
	}
}

func (w *world) signIn(t *testing.T, login, password string) identity.SignInResult {
	t.Helper()
	res, err := w.svc.Authenticate(ctx, identity.SignInInput{Identifier: login, Password: password, RemoteAddr: "10.0.0.1"})
	if err != nil {
		t.Fatalf("sign in %s: %v", login, err)
	}
	return res
}

func wantKey(t *testing.T, err error, key string) {
	t.Helper()
	if !failure.HasKey(err, key) {
		t.Fatalf("error = %v, want %s", err, key)
	}
}

func TestRegisterActivateSignInAndRegisterADevice(t *testing.T) {
	w := newWorld(t)
	if err := w.svc.Register(ctx, registration("anna")); err != nil {
		t.Fatal(err)
	}
	_, err := w.svc.Authenticate(ctx, identity.SignInInput{Identifier: "anna", Password: "s3cret"})
	wantKey(t, err, account.KeyNotActivated)

	if err := w.svc.Activate(ctx, w.mailedKey(t, "anna@example.org")); err != nil {
		t.Fatal(err)
	}
	res := w.signIn(t, "anna", "s3cret")
	if !res.MFARequired || res.MFARegistered || !res.FeatureMFA {
		t.Fatalf("sign-in = %+v, want the device registration dialog", res)
	}
	state, err := w.svc.ResolveCaller(ctx, res.Token)
	if err != nil || !state.MFAPending || state.Caller.CustomerID != 0 || state.Caller.FulfillmentID != 0 {
		t.Fatalf("caller = %+v, %v; want pending and linked to no customer", state, err)
	}

	png, secret, err := w.svc.MFARegistrationCode(ctx, res.Token)
	if err != nil || len(png) == 0 || secret == "" {
		t.Fatalf("registration code: %d bytes, %q, %v", len(png), secret, err)
	}
	code := identitytest.Code(t, secret, w.now)
	done, err := w.svc.VerifyMFACode(ctx, res.Token, code)
	if err != nil {
		t.Fatal(err)
	}
	if state, _ := w.svc.ResolveCaller(ctx, done.Token); state.MFAPending {
		t.Fatal("still pending after the device was registered")
	}

	again := w.signIn(t, "anna", "s3cret")
	if !again.MFARequired || !again.MFARegistered {
		t.Fatalf("second sign-in = %+v, want code entry", again)
	}
	_, err = w.svc.VerifyMFACode(ctx, again.Token, code)
	wantKey(t, err, account.KeyCodeReused)
	if _, err := w.svc.SkipMFA(ctx, again.Token, 7); err == nil {
		t.Fatal("a user with a device cannot skip the code")
	}
	for _, want := range []string{identity.AuditRegistered, identity.AuditActivated, identity.AuditMFARegistered, identity.AuditMFAFailed} {
		if !slices.Contains(w.audit.Types(), want) {
			t.Errorf("audit log lacks %s: %v", want, w.audit.Types())
		}
	}
}

// A registration naming a customer's CRM id is a request: the login gets
// no customer until staff link it, the request waits in the pending list
// and the tenant's self-registration address hears of it.
func TestRegistrationIsARequestNotALink(t *testing.T) {
	w := newWorld(t)
	in := registration("mallory")
	in.RequestReason = "I ship for the bakery."
	if err := w.svc.Register(ctx, in); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Activate(ctx, w.mailedKey(t, "mallory@example.org")); err != nil {
		t.Fatal(err)
	}
	w.svc.MFAEnabled = false
	state, err := w.svc.ResolveCaller(ctx, w.signIn(t, "mallory", "s3cret").Token)
	if err != nil || state.Caller.CustomerID != 0 || state.Caller.FulfillmentID != 0 || state.Caller.CanActFor(bakery.ID) {
		t.Fatalf("caller = %+v, %v; a registration must not grant the customer its CRM id names", state.Caller, err)
	}

	pending, total, err := w.requests.Pending(ctx, 0, 20)
	if err != nil || total != 1 || pending[0].Login != "mallory" || pending[0].CRMID != "DE12345678" ||
		pending[0].Reason != "I ship for the bakery." || pending[0].Customer == nil || pending[0].Customer.ID != bakery.ID {
		t.Fatalf("pending = %+v (%d), %v", pending, total, err)
	}
	mails := w.outbox.To(staffAddress)
	if len(mails) != 1 {
		t.Fatalf("staff received %d mails", len(mails))
	}
	for _, want := range []string{"mallory", "mallory@example.org", "DE12345678", "Bäckerei Sonnenschein", "I ship for the bakery."} {
		if !strings.Contains(mails[0].Subject+mails[0].Text, want) {
			t.Errorf("staff mail lacks %q: %s", want, mails[0].Text)
		}
	}

	// Staff link the login (user data): now, and only now, it acts for the customer.
	w.links.Set("mallory", access.Link{CustomerID: bakery.ID})
	state, err = w.svc.ResolveCaller(ctx, w.signIn(t, "mallory", "s3cret").Token)
	if err != nil || state.Caller.CustomerID != bakery.ID {
		t.Fatalf("linked caller = %+v, %v", state.Caller, err)
	}
	if _, total, _ := w.requests.Pending(ctx, 0, 20); total != 0 {
		t.Fatalf("a linked login is still pending (%d)", total)
	}
}

func TestRegistrationWithAnUnknownCRMIDGoesToEveryTenant(t *testing.T) {
	w := newWorld(t)
	w.requests.Tenants = append(w.requests.Tenants, memory.RegistrationTenant{Emails: []string{"nl@carrier.example"}})
	in := registration("piet")
	in.CRMID = "NL99999999"
	if err := w.svc.Register(ctx, in); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{staffAddress, "nl@carrier.example"} {
		if got := w.outbox.To(to); len(got) != 1 || !strings.Contains(got[0].Text, "geen klant heeft dit CRM-ID") {
			t.Fatalf("mails to %s = %+v", to, got)
		}
	}
}

// A taken login or address is answered like a fresh registration; the
// owner is told instead, and nothing is created or requested.
func TestRegistrationDoesNotRevealTakenLoginsOrAddresses(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	users, _ := w.ids.List(ctx)

	sameLogin := registration("anna")
	sameLogin.Email = "someone-else@example.org"
	if err := w.svc.Register(ctx, sameLogin); err != nil {
		t.Fatalf("a taken login must look like a fresh registration: %v", err)
	}
	sameEmail := registration("bert")
	sameEmail.Email = "ANNA@example.org"
	if err := w.svc.Register(ctx, sameEmail); err != nil {
		t.Fatalf("a taken e-mail must look like a fresh registration: %v", err)
	}

	if after, _ := w.ids.List(ctx); len(after) != len(users) {
		t.Fatalf("%d logins after, %d before", len(after), len(users))
	}
	if got := w.ids.Mails("someone-else@example.org"); len(got) != 0 {
		t.Fatalf("the visitor's address got %d mails", len(got))
	}
	owner := w.outbox.To("anna@example.org")
	if len(owner) != 2 || !strings.Contains(owner[0].Text, "Es wurde kein Login angelegt") || strings.Contains(owner[0].Text, "s3cret") {
		t.Fatalf("mails to the owner = %+v, want two in German naming no password", owner)
	}
	if _, total, _ := w.requests.Pending(ctx, 0, 20); total != 1 {
		t.Fatalf("pending requests = %d, want only anna's own", total)
	}
	// Repeated tries do not flood the owner: a few mails per window.
	for range 3 {
		if err := w.svc.Register(ctx, sameLogin); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.outbox.To("anna@example.org"); len(got) != 3 {
		t.Fatalf("the owner got %d mails after five tries, want 3", len(got))
	}
	if got := w.outbox.To(staffAddress); len(got) != 1 {
		t.Fatalf("staff got %d mails, want only anna's own request", len(got))
	}
}

func TestBadRegistrationChangesNothing(t *testing.T) {
	w := newWorld(t)
	bad := registration("anna b")
	bad.CRMID = "FR1"
	err := w.svc.Register(ctx, bad)
	if f, ok := failure.As(err); !ok || len(f.Fields) != 3 {
		t.Fatalf("error = %v, want login, e-mail and CRM id violations", err)
	}
	w.svc.Captcha = captchaStub{enabled: true, pass: false}
	wantKey(t, w.svc.Register(ctx, registration("carl")), account.KeyCaptchaFailed)
	if users, _ := w.ids.List(ctx); len(users) != 0 {
		t.Fatalf("created %d users", len(users))
	}
	if len(w.ids.Mails("carl@example.org")) != 0 {
		t.Fatal("mailed although the registration failed")
	}
}

func TestSignInIsThrottledPerIdentity(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	// The login and its e-mail address are one identity: one bucket.
	for _, identifier := range []string{"anna", "anna@example.org", "Anna"} {
		_, err := w.svc.Authenticate(ctx, identity.SignInInput{Identifier: identifier, Password: "wrong", RemoteAddr: "10.0.0.1"})
		wantKey(t, err, account.KeyBadCredentials)
	}
	_, err := w.svc.Authenticate(ctx, identity.SignInInput{Identifier: "ANNA@example.org", Password: "s3cret", RemoteAddr: "10.0.0.2"})
	wantKey(t, err, account.KeyTooManyAttempts)
	w.now = w.now.Add(16 * time.Minute)
	w.signIn(t, "anna", "s3cret")
}

func TestParallelWrongSignInsStopAtTheLimit(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	counting := &identitytest.CountingSessions{Sessions: w.ids}
	w.svc.Sessions = counting
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			identifier := "anna"
			if i%2 == 1 {
				identifier = "anna@example.org"
			}
			_, _ = w.svc.Authenticate(ctx, identity.SignInInput{Identifier: identifier, Password: "wrong", RemoteAddr: "10.0.0.1"})
		})
	}
	wg.Wait()
	if n := counting.Checks.Load(); n > 3 {
		t.Fatalf("%d of 30 parallel wrong sign-ins reached the password check, the limit is 3", n)
	}
}

func TestASuccessfulSignInDoesNotUseUpItsAddress(t *testing.T) {
	w := newWorld(t)
	w.svc.Throttle = &memory.Throttle{Window: 15 * time.Minute, Limits: map[string]int{"login:": 3, "addr:": 2}}
	w.svc.MFAEnabled = false
	w.activeUser(t, "anna")
	for range 5 {
		w.signIn(t, "anna", "s3cret")
	}
}

// A sign-in naming more than an e-mail address could hold is refused as
// invalid before it is counted or audited: the identifier would otherwise be
// stored as sent (up to the body limit) by the throttle and the audit log.
func TestOverLongSignInIsInvalidNotCounted(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	for _, in := range []identity.SignInInput{
		{Identifier: strings.Repeat("a", account.EmailMaxLength+1), Password: "wrong", RemoteAddr: "10.0.0.1"},
		{Identifier: "anna", Password: strings.Repeat("p", account.SignInPasswordMaxLength+1), RemoteAddr: "10.0.0.1"},
		// 200 characters that normalise to 3,600 (U+FDFA is 18 letters in NFKC).
		{Identifier: strings.Repeat("\ufdfa", 200), Password: "wrong", RemoteAddr: "10.0.0.1"},
	} {
		for range 3 {
			_, err := w.svc.Authenticate(ctx, in)
			if f, ok := failure.As(err); !ok || f.Kind != failure.Invalid || len(f.Fields) != 1 || f.Fields[0].Rule != account.RuleSize {
				t.Fatalf("over-long sign-in = %v", err)
			}
		}
	}
	// Nine refusals, none counted: anna still signs in from that address.
	_, err := w.svc.Authenticate(ctx, identity.SignInInput{Identifier: "anna", Password: "s3cret", RemoteAddr: "10.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSkippingDeviceRegistration(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	res := w.signIn(t, "anna", "s3cret")
	if _, err := w.svc.SkipMFA(ctx, res.Token, 5); err == nil {
		t.Fatal("5 days is not a choice")
	}
	done, err := w.svc.SkipMFA(ctx, res.Token, 7)
	if err != nil {
		t.Fatal(err)
	}
	if state, _ := w.svc.ResolveCaller(ctx, done.Token); state.MFAPending {
		t.Fatal("still pending after skipping")
	}
	if w.signIn(t, "anna", "s3cret").MFARequired {
		t.Fatal("asked again within the seven days")
	}
	w.now = w.now.AddDate(0, 0, 8)
	if !w.signIn(t, "anna", "s3cret").MFARequired {
		t.Fatal("not asked again after the seven days")
	}
}

func TestPasswords(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	w.svc.MFAEnabled = false
	res := w.signIn(t, "anna", "s3cret")
	state, _ := w.svc.ResolveCaller(ctx, res.Token)

	wantKey(t, w.svc.ChangePassword(ctx, state.Caller, res.Token, "wrong", "n3w-pass"), account.KeyWrongPassword)
	if err := w.svc.ChangePassword(ctx, state.Caller, res.Token, "s3cret", "abcd"); err != nil {
		t.Fatalf("a 4-character password is allowed: %v", err)
	}
	w.signIn(t, "anna", "abcd")

	if err := w.svc.RequestPasswordReset(ctx, identity.ResetRequest{Email: "nobody@example.org", RemoteAddr: "10.0.0.1"}); err != nil || len(w.ids.Mails("nobody@example.org")) != 0 {
		t.Fatalf("unknown address: %v", err)
	}
	if err := w.svc.RequestPasswordReset(ctx, identity.ResetRequest{Email: " anna@example.org ", RemoteAddr: "10.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	key := w.mailedKey(t, "anna@example.org")
	if err := w.svc.FinishPasswordReset(ctx, key, "abc"); err == nil {
		t.Fatal("a 3-character password is too short")
	}
	if err := w.svc.FinishPasswordReset(ctx, key, "reset-pass"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.ResolveCaller(ctx, res.Token); err == nil {
		t.Fatal("the reset must end existing sessions")
	}
	w.signIn(t, "anna", "reset-pass")
	wantKey(t, w.svc.FinishPasswordReset(ctx, key, "again-pass"), account.KeyInvalidKey)
}

// Reset requests take the captcha and are limited per address asked for
// and per client; past a limit nothing is mailed.
func TestPasswordResetRequestsAreThrottledAndTakeTheCaptcha(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	w.activeUser(t, "bert")
	reset := func(email, addr string) error {
		return w.svc.RequestPasswordReset(ctx, identity.ResetRequest{Email: email, RemoteAddr: addr})
	}
	mails := func(email string) int { return len(w.ids.Mails(email)) }
	before := mails("anna@example.org")

	for i := range 3 {
		if err := reset("anna@example.org", fmt.Sprintf("10.0.1.%d", i)); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	wantKey(t, reset("ANNA@example.org", "10.0.1.9"), account.KeyTooManyResetRequests)
	if got := mails("anna@example.org") - before; got != 3 {
		t.Fatalf("%d reset mails, want 3 and none past the limit", got)
	}

	// One client asking for many addresses hits its own limit.
	for i := range 8 {
		if err := reset(fmt.Sprintf("nobody%d@example.org", i), "10.0.2.1"); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	bertBefore := mails("bert@example.org")
	wantKey(t, reset("bert@example.org", "10.0.2.1"), account.KeyTooManyResetRequests)
	if mails("bert@example.org") != bertBefore {
		t.Fatal("mailed past the client's limit")
	}
	if err := reset("bert@example.org", "10.0.2.2"); err != nil || mails("bert@example.org") != bertBefore+1 {
		t.Fatalf("another client: %v", err)
	}

	w.now = w.now.Add(16 * time.Minute)
	if err := reset("anna@example.org", "10.0.1.9"); err != nil {
		t.Fatalf("after the window: %v", err)
	}

	w.svc.Captcha = captchaStub{enabled: true, pass: false}
	wantKey(t, reset("bert@example.org", "10.0.3.1"), account.KeyCaptchaFailed)
	if mails("bert@example.org") != bertBefore+1 {
		t.Fatal("mailed without a captcha answer")
	}
	w.svc.Captcha = captchaStub{enabled: true, pass: true}
	if err := reset("bert@example.org", "10.0.3.1"); err != nil || mails("bert@example.org") != bertBefore+2 {
		t.Fatalf("with a captcha answer: %v", err)
	}
}

func TestUserManagementRules(t *testing.T) {
	w := newWorld(t)
	admin := &access.Caller{IdentityID: "admin-id", Login: "admin", Roles: []access.Role{access.Admin}}
	super := &access.Caller{IdentityID: "super-id", Login: "super", Roles: []access.Role{access.SuperAdmin}}

	_, err := w.svc.CreateUser(ctx, admin, account.User{Login: "boss", Email: "boss@example.org", Roles: []access.Role{access.SuperAdmin}}, "")
	if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
		t.Fatalf("admin granting super admin = %v", err)
	}
	created, err := w.svc.CreateUser(ctx, admin, account.User{Login: "otto", Email: "otto@example.org", Roles: []access.Role{access.Operations}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if created.Status != account.Active || created.CreatedBy != "admin" || len(w.ids.Mails("otto@example.org")) != 1 {
		t.Fatalf("created = %+v; want ACTIVE, created by admin, with a reset mail to choose a password", created)
	}
	_, err = w.svc.CreateUser(ctx, admin, account.User{Login: "x", Email: "bad", Roles: []access.Role{"ROLE_ROOT"}}, "")
	if f, ok := failure.As(err); !ok || len(f.Fields) != 2 {
		t.Fatalf("bad user = %v, want e-mail and authorities violations", err)
	}

	if err := w.svc.FinishPasswordReset(ctx, w.mailedKey(t, "otto@example.org"), "otto-pass"); err != nil {
		t.Fatal(err)
	}
	w.svc.MFAEnabled = false
	session := w.signIn(t, "otto", "otto-pass")
	created.Status = account.Inactive
	if _, err := w.svc.UpdateUser(ctx, super, created); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.ResolveCaller(ctx, session.Token); err == nil {
		t.Fatal("deactivating a login must end its sessions")
	}

	if _, err := w.svc.CreateUser(ctx, super, account.User{Login: "ada", Email: "ada@example.org", Roles: []access.Role{access.Admin}}, "ada-pass"); err != nil {
		t.Fatal(err)
	}
	page, total, err := w.svc.ListUsers(ctx, admin, identity.UserQuery{Size: 1, Descending: true, Statuses: []account.Status{account.Active, account.Inactive}})
	if err != nil || total != 2 || len(page) != 1 || page[0].Login != "otto" {
		t.Fatalf("page = %v, total %d, %v", page, total, err)
	}
	ada, _ := w.svc.GetUser(ctx, admin, "ada")
	self := &access.Caller{IdentityID: ada.ID, Login: "ada", Roles: []access.Role{access.Admin}}
	if err := w.svc.DeleteUser(ctx, self, "ada"); err == nil {
		t.Fatal("nobody deletes their own login")
	}
	if err := w.svc.DeleteUser(ctx, admin, "ada"); err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.GetUser(ctx, admin, "ada")
	wantKey(t, err, account.KeyUserNotFound)

	// The use cases check the caller themselves, behind the role table:
	// operations manage no logins, and nothing is created, changed or
	// deleted for them.
	ops := &access.Caller{IdentityID: "ops-id", Login: "operations", Roles: []access.Role{access.Operations}}
	_, _, err = w.svc.ListUsers(ctx, ops, identity.UserQuery{})
	wantKey(t, err, "error.forbidden")
	_, err = w.svc.GetUser(ctx, ops, "otto")
	wantKey(t, err, "error.forbidden")
	_, err = w.svc.CreateUser(ctx, ops, account.User{Login: "eve", Email: "eve@example.org", Roles: []access.Role{access.User}}, "eve-pass")
	wantKey(t, err, "error.forbidden")
	created.Roles = []access.Role{access.Admin}
	_, err = w.svc.UpdateUser(ctx, ops, created)
	wantKey(t, err, "error.forbidden")
	wantKey(t, w.svc.DeleteUser(ctx, ops, "otto"), "error.forbidden")
	if otto, err := w.svc.GetUser(ctx, admin, "otto"); err != nil || len(otto.Roles) != 1 || otto.Roles[0] != access.Operations {
		t.Fatalf("otto after refused calls = %+v, %v", otto, err)
	}
	if _, err := w.svc.GetUser(ctx, admin, "eve"); !failure.HasKey(err, account.KeyUserNotFound) {
		t.Fatalf("a refused create made eve: %v", err)
	}
}

// A user who registered a device while MFA was on still signs in when the
// installation switches MFA off: the aal1 session is a full session.
func TestMFADisabledDoesNotLockOutUsersWithADevice(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	res := w.signIn(t, "anna", "s3cret")
	_, secret, err := w.svc.MFARegistrationCode(ctx, res.Token)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.VerifyMFACode(ctx, res.Token, identitytest.Code(t, secret, w.now)); err != nil {
		t.Fatal(err)
	}
	w.svc.MFAEnabled = false
	again := w.signIn(t, "anna", "s3cret")
	if again.MFARequired {
		t.Fatalf("sign-in = %+v; MFA is off, no code may be asked", again)
	}
	state, err := w.svc.ResolveCaller(ctx, again.Token)
	if err != nil || state.MFAPending {
		t.Fatalf("caller = %+v, %v; want a full session", state, err)
	}
}

// withDevice registers a device for the login and returns its secret.
func (w *world) withDevice(t *testing.T, login string) string {
	t.Helper()
	res := w.signIn(t, login, "s3cret")
	_, secret, err := w.svc.MFARegistrationCode(ctx, res.Token)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.VerifyMFACode(ctx, res.Token, identitytest.Code(t, secret, time.Now())); err != nil {
		t.Fatal(err)
	}
	return secret
}

// wrongCode is a code the authenticator does not show around now.
func wrongCode(t *testing.T, secret string) int32 { return wrongCodes(t, secret, 1)[0] }

// wrongCodes are n different codes the authenticator does not show around now.
func wrongCodes(t *testing.T, secret string, n int) []int32 {
	t.Helper()
	right := map[int32]bool{}
	for _, d := range []time.Duration{-time.Minute, -30 * time.Second, 0, 30 * time.Second, time.Minute} {
		right[identitytest.Code(t, secret, time.Now().Add(d))] = true
	}
	var codes []int32
	for c := int32(123456); len(codes) < n; c++ {
		if !right[c] {
			codes = append(codes, c)
		}
	}
	return codes
}

func TestCodeGuessesEndThePendingSignIn(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	secret := w.withDevice(t, "anna")
	w.now = w.now.Add(time.Minute)

	res := w.signIn(t, "anna", "s3cret")
	bad := wrongCode(t, secret)
	for range identity.MaxCodeAttempts {
		_, err := w.svc.VerifyMFACode(ctx, res.Token, bad)
		wantKey(t, err, account.KeyWrongCode)
	}
	_, err := w.svc.VerifyMFACode(ctx, res.Token, identitytest.Code(t, secret, time.Now()))
	wantKey(t, err, account.KeyCodeAttemptsExhausted)
	if _, err := w.svc.ResolveCaller(ctx, res.Token); err == nil {
		t.Fatal("the session of a sign-in that guessed too often must be revoked")
	}
	_, err = w.svc.VerifyMFACode(ctx, res.Token, identitytest.Code(t, secret, time.Now()))
	wantKey(t, err, account.KeyMFAPending)

	// The password starts a new sign-in with its own attempts.
	again := w.signIn(t, "anna", "s3cret")
	_, err = w.svc.VerifyMFACode(ctx, again.Token, bad)
	wantKey(t, err, account.KeyWrongCode)
}

func TestCodeGuessesAreLimitedPerLoginAcrossSignIns(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	secret := w.withDevice(t, "anna")
	bad := wrongCode(t, secret)
	// 10 wrong codes of one login (the fake throttle's default for "mfa:"
	// keys), spread over sign-ins that each stay under their own limit.
	for range 5 {
		res := w.signIn(t, "anna", "s3cret")
		for range 2 {
			_, err := w.svc.VerifyMFACode(ctx, res.Token, bad)
			wantKey(t, err, account.KeyWrongCode)
		}
	}
	res := w.signIn(t, "anna", "s3cret")
	_, err := w.svc.VerifyMFACode(ctx, res.Token, identitytest.Code(t, secret, time.Now()))
	wantKey(t, err, account.KeyCodeAttemptsExhausted)
}

func TestParallelCodeGuessesStopAtTheLimit(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	secret := w.withDevice(t, "anna")
	res := w.signIn(t, "anna", "s3cret")
	counting := &identitytest.CountingSecondFactor{SecondFactor: w.ids}
	w.svc.SecondFactor = counting
	var wg sync.WaitGroup
	for _, bad := range wrongCodes(t, secret, 20) {
		wg.Go(func() { _, _ = w.svc.VerifyMFACode(ctx, res.Token, bad) })
	}
	wg.Wait()
	if n := counting.Checks.Load(); n > identity.MaxCodeAttempts {
		t.Fatalf("%d of 20 parallel guesses reached the authenticator check, the limit is %d", n, identity.MaxCodeAttempts)
	}
}

// oneCode accepts one code, which the test chooses.
type oneCode struct {
	identity.SecondFactor
	valid string
}

func (o *oneCode) Verify(_ context.Context, token, code string) (identity.Session, error) {
	if code != o.valid {
		return identity.Session{}, account.ErrWrongCode
	}
	return identity.Session{Token: token, SecondFactor: true}, nil
}

// A wrong guess is not a used code: an attacker who guesses the code the
// authenticator shows next must not make the real user's code fail.
func TestAWrongGuessDoesNotBlockTheRealCode(t *testing.T) {
	w := newWorld(t)
	w.activeUser(t, "anna")
	w.withDevice(t, "anna")
	codes := &oneCode{SecondFactor: w.ids, valid: "111111"}
	w.svc.SecondFactor = codes

	attacker := w.signIn(t, "anna", "s3cret")
	_, err := w.svc.VerifyMFACode(ctx, attacker.Token, 222222)
	wantKey(t, err, account.KeyWrongCode)

	codes.valid = "222222" // the next step of the authenticator
	user := w.signIn(t, "anna", "s3cret")
	if _, err := w.svc.VerifyMFACode(ctx, user.Token, 222222); err != nil {
		t.Fatalf("the real code after a wrong guess of it: %v", err)
	}
}

// staleReads answers Get with the user as it was before an admin's change,
// as a profile save that read the user just before the admin acted sees it.
type staleReads struct {
	identity.Directory
	before account.User
}

func (s staleReads) Get(context.Context, string) (account.User, error) { return s.before, nil }

func TestAProfileSaveDoesNotUndoAnAdminsDemotion(t *testing.T) {
	w := newWorld(t)
	super := &access.Caller{IdentityID: "super-id", Login: "super", Roles: []access.Role{access.SuperAdmin}}
	ada, err := w.svc.CreateUser(ctx, super, account.User{Login: "ada", Email: "ada@example.org", Roles: []access.Role{access.Admin}}, "ada-pass")
	if err != nil {
		t.Fatal(err)
	}
	self := &access.Caller{IdentityID: ada.ID, Login: "ada", Roles: ada.Roles}

	demoted := ada
	demoted.Roles, demoted.Status = []access.Role{access.User}, account.Inactive
	if _, err := w.svc.UpdateUser(ctx, super, demoted); err != nil {
		t.Fatal(err)
	}
	w.svc.Directory = staleReads{Directory: w.ids, before: ada}
	if _, err := w.svc.SaveAccount(ctx, self, identity.ProfileChange{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.org", LangKey: "en"}); err != nil {
		t.Fatal(err)
	}
	got, _ := w.ids.FindByLogin(ctx, "ada")
	if got.Status != account.Inactive || !slices.Equal(got.Roles, []access.Role{access.User}) || got.FirstName != "Ada" {
		t.Fatalf("after the save = %+v; want the admin's INACTIVE and ROLE_USER kept, and the new name", got)
	}
}

func TestActivationDoesNotUndoAnAdminsDeactivation(t *testing.T) {
	w := newWorld(t)
	if err := w.svc.Register(ctx, registration("anna")); err != nil {
		t.Fatal(err)
	}
	key := w.mailedKey(t, "anna@example.org")
	super := &access.Caller{IdentityID: "super-id", Login: "super", Roles: []access.Role{access.SuperAdmin}}
	anna, _ := w.ids.FindByLogin(ctx, "anna")
	anna.Status = account.Inactive
	if _, err := w.svc.UpdateUser(ctx, super, anna); err != nil {
		t.Fatal(err)
	}
	wantKey(t, w.svc.Activate(ctx, key), account.KeyNotActivated)
	if got, _ := w.ids.FindByLogin(ctx, "anna"); got.Status != account.Inactive {
		t.Fatalf("status = %s; the activation link must not undo the deactivation", got.Status)
	}
}

// The account's use cases are every signed-in caller's, and nobody else's:
// they refuse a missing caller and one without a role themselves.
func TestAccountUseCasesRefuseCallersWithoutARole(t *testing.T) {
	w := newWorld(t)
	roleless := &access.Caller{IdentityID: "x", Login: "x"}
	for _, caller := range []*access.Caller{nil, roleless} {
		if _, err := w.svc.GetAccount(ctx, caller); err == nil {
			t.Errorf("GetAccount(%v) passed", caller)
		}
		if _, err := w.svc.SaveAccount(ctx, caller, identity.ProfileChange{FirstName: "X", Email: "x@example.org", LangKey: "en"}); err == nil {
			t.Errorf("SaveAccount(%v) passed", caller)
		}
		if err := w.svc.ChangePassword(ctx, caller, "token", "old-pass", "new-pass"); err == nil {
			t.Errorf("ChangePassword(%v) passed", caller)
		}
		if err := w.svc.Logout(ctx, caller, "token"); err == nil {
			t.Errorf("Logout(%v) passed", caller)
		}
	}
	_, err := w.svc.GetAccount(ctx, nil)
	wantKey(t, err, "error.unauthenticated")
	_, err = w.svc.GetAccount(ctx, roleless)
	wantKey(t, err, "error.forbidden")
}
