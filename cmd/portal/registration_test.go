package main

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail/mailtest"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batches"
	"parcelportal/app/demo"
	"parcelportal/core/access"
	"parcelportal/core/batchcsv/batchcsvtest"
)

var activationKey = regexp.MustCompile(`/account/activate/([^\s"<]+)`)

// registrationPortal is the portal wired as main wires it (Kratos, Postgres,
// Mailpit, Redis), over a schema of its own with the demo organisation, a
// batch of the bakery, and a self-registration address on the tenant.
type registrationPortal struct {
	srv      *httptest.Server
	inbox    mailtest.Inbox
	staff    string
	bakery   int64
	batchID  int64
	links    postgres.UserData
	provider *kratos.Provider
	// twin serves a second portal process over the same database, Redis
	// and Kratos, with caches of its own.
	twin func(t *testing.T) *httptest.Server
}

func (p registrationPortal) identityID(t *testing.T, login string) string {
	t.Helper()
	u, err := p.provider.FindByLogin(context.Background(), login)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func (p registrationPortal) deleteUser(t *testing.T, login string) {
	if u, err := p.provider.FindByLogin(context.Background(), login); err == nil {
		if err := p.provider.Delete(context.Background(), u.ID); err != nil {
			t.Errorf("delete %s: %v", login, err)
		}
	}
}

func newRegistrationPortal(t *testing.T) registrationPortal { return newPortalWithCaptcha(t, "off") }

func newPortalWithCaptcha(t *testing.T, captcha string) registrationPortal {
	t.Helper()
	for _, name := range []string{"REDIS_ADDR", "KRATOS_PUBLIC_URL", "KRATOS_ADMIN_URL", "SMTP_ADDR", "MAILPIT_URL"} {
		if os.Getenv(name) == "" {
			t.Fatalf("%s is not set: run integration tests through `make test`, which starts the stack", name)
		}
	}
	ctx := context.Background()
	db := newDemoDatabase(t)
	pool, box := db.pool, db.box
	p := registrationPortal{inbox: mailtest.Mailpit(os.Getenv("MAILPIT_URL")), staff: "registrations-" + randomHex(t) + "@carrier.example",
		links: postgres.UserData{Pool: pool}}
	p.bakery = db.customer(t, demo.BakeryCRMID)
	if _, err := pool.Exec(ctx, `UPDATE tenant SET self_registration_emails = ARRAY[$1]`, p.staff); err != nil {
		t.Fatal(err)
	}

	cfg := config{
		KratosPublicURL: os.Getenv("KRATOS_PUBLIC_URL"), KratosAdminURL: os.Getenv("KRATOS_ADMIN_URL"),
		SMTPAddr: os.Getenv("SMTP_ADDR"), MailFrom: "Parcel Portal <no-reply@parcel-portal.local>",
		BaseURL: "http://portal.test", MFAEnabled: true, Captcha: captcha, CredentialsKey: secrets.DevelopmentKey,
		RedisAddr: os.Getenv("REDIS_ADDR"), CarrierConcurrency: 1, JobQueue: "registration-" + randomHex(t),
	}
	// Nothing is sent here, so no worker runs; the queue is the test's own.
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	t.Cleanup(func() { _ = queue.Close() })
	p.twin = func(t *testing.T) *httptest.Server {
		t.Helper()
		h, err := handlers(cfg, pool, box, carrierOf(cfg), queue, operationsOf(cfg, io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		api, err := rpc.NewAPI(h, http.NotFoundHandler())
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(api)
		t.Cleanup(srv.Close)
		return srv
	}
	p.srv = p.twin(t)

	staff := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	upload := batches.Upload{CustomerID: p.bakery, FileName: "bakery.csv", CSV: batchcsvtest.Generate(3)}
	created, err := batchesOf(pool, postgres.Customers{Pool: pool, Sealer: box}, queue).Create(ctx, staff, upload)
	if err != nil {
		t.Fatal(err)
	}
	p.batchID = created.ID

	p.provider = kratos.New(kratos.Config{PublicURL: cfg.KratosPublicURL, AdminURL: cfg.KratosAdminURL, PortalURL: cfg.BaseURL})
	return p
}

// rest calls a REST path with an optional bearer and JSON body.
func (p registrationPortal) rest(t *testing.T, method, path, bearer, body string) (*http.Response, []byte) {
	t.Helper()
	return rpctest.Call(t, p.srv.Client(), method, p.srv.URL+path, bearer, body)
}

// signInSkippingMFA signs a new login in over REST and skips its second
// factor for a week; it answers the bearer.
func (p registrationPortal) signInSkippingMFA(t *testing.T, login, password string) string {
	t.Helper()
	rsp, _ := p.mustREST(t, "POST", "/web/api/authenticate", "", fmt.Sprintf(`{"username":%q,"password":%q}`, login, password))
	pending := strings.TrimPrefix(rsp.Header.Get("Authorization"), "Bearer ")
	_, skipped := p.mustREST(t, "POST", "/web/api/mfa/_skip_mfa", pending, `{"skipDays":7}`)
	var skip struct {
		IDToken string `json:"id_token"`
	}
	if err := json.Unmarshal(skipped, &skip); err != nil || skip.IDToken == "" {
		t.Fatalf("skip = %s, %v", skipped, err)
	}
	return skip.IDToken
}

func (p registrationPortal) mustREST(t *testing.T, method, path, bearer, body string) (*http.Response, []byte) {
	t.Helper()
	rsp, b := p.rest(t, method, path, bearer, body)
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s = %d %s", method, path, rsp.StatusCode, b)
	}
	return rsp, b
}

func withBearer[T any](msg *T, bearer string) *connect.Request[T] {
	req := connect.NewRequest(msg)
	req.Header().Set("Authorization", "Bearer "+bearer)
	return req
}

// activationKeyFor waits for Kratos' activation mail to the address.
func (p registrationPortal) activationKeyFor(t *testing.T, email string) string {
	t.Helper()
	for _, m := range p.inbox(t, email, 1) {
		if k := activationKey.FindStringSubmatch(m.Text); k != nil {
			return k[1]
		}
	}
	t.Fatalf("no activation mail to %s", email)
	return ""
}

// The hole of issue 9: a registration naming a customer's CRM id made the
// login that customer's user. Now it is a request: the login signs in
// (activated from the mail, MFA skipped) but reads nothing of the customer,
// over REST and Connect alike, until staff link it through user data.
func TestSelfRegistrationWithACustomersCRMIDReadsNothingOfIt(t *testing.T) {
	p := newRegistrationPortal(t)
	ctx := context.Background()
	bakery := strconv.FormatInt(p.bakery, 10)
	batchPath := "/web/api/batches/" + strconv.FormatInt(p.batchID, 10)
	const password = "Tr4ck-Me-N0t!"

	t.Run("REST", func(t *testing.T) {
		login := "mallory-" + randomHex(t)
		email := login + "@example.org"
		t.Cleanup(func() { p.deleteUser(t, login) })
		body := fmt.Sprintf(`{"login":%q,"email":%q,"password":%q,"crmId":%q,"requestReason":"I ship for the bakery.","langKey":"en"}`,
			login, email, password, demo.BakeryCRMID)
		p.mustREST(t, "POST", "/web/api/register", "", body)
		p.mustREST(t, "GET", "/web/api/activate?key="+p.activationKeyFor(t, email), "", "")
		bearer := p.signInSkippingMFA(t, login, password)

		for _, path := range []string{"/web/api/batches?customerId=" + bakery + "&page=0&pageSize=10", batchPath, "/web/api/customers/" + bakery} {
			rsp, b := p.rest(t, "GET", path, bearer, "")
			if rsp.StatusCode != http.StatusNotFound {
				t.Errorf("GET %s = %d %s; want 404, as for a customer that does not exist", path, rsp.StatusCode, b)
			}
			if strings.Contains(string(b), "Sonnenschein") || strings.Contains(string(b), "bakery.csv") {
				t.Errorf("GET %s leaks the customer: %s", path, b)
			}
		}
		rsp, b := p.mustREST(t, "GET", "/web/api/customers?page=0&size=20", bearer, "")
		if rsp.Header.Get("X-Total-Count") != "0" || strings.Contains(string(b), "Sonnenschein") {
			t.Errorf("customer list = %s %s; want none", rsp.Header.Get("X-Total-Count"), b)
		}
		_, mine := p.mustREST(t, "GET", "/web/api/user-data/by-login", bearer, "")
		var link struct{ Customer, Fulfillment any }
		if err := json.Unmarshal(mine, &link); err != nil || link.Customer != nil || link.Fulfillment != nil {
			t.Errorf("own user data = %s, %v; want no customer and no fulfillment", mine, err)
		}

		// Staff were told, and see the request until they link the login.
		mails := p.inbox(t, p.staff, 1)
		found := false
		for _, m := range mails {
			if strings.Contains(m.Text, login) {
				found = true
				for _, want := range []string{email, demo.BakeryCRMID, "Bäckerei Sonnenschein", "I ship for the bakery."} {
					if !strings.Contains(m.Text, want) {
						t.Errorf("staff mail lacks %q: %s", want, m.Text)
					}
				}
			}
		}
		if !found {
			t.Fatalf("no staff mail names %s", login)
		}

		// The only way in: staff link the login. Then the same call answers
		// (in a new session: the portal caches a caller for a few seconds).
		if _, err := p.links.Create(ctx, login, p.identityID(t, login), p.bakery, 0); err != nil {
			t.Fatal(err)
		}
		rsp, _ = p.mustREST(t, "POST", "/web/api/authenticate", "", fmt.Sprintf(`{"username":%q,"password":%q}`, login, password))
		bearer = strings.TrimPrefix(rsp.Header.Get("Authorization"), "Bearer ")
		if rsp, b := p.rest(t, "GET", "/web/api/batches?customerId="+bakery+"&page=0&pageSize=10", bearer, ""); rsp.StatusCode != http.StatusOK ||
			!strings.Contains(string(b), "bakery.csv") {
			t.Fatalf("after staff linked the login: %d %s", rsp.StatusCode, b)
		}
	})

	t.Run("Connect", func(t *testing.T) {
		accounts := portalv1connect.NewAccountServiceClient(p.srv.Client(), p.srv.URL)
		batches := portalv1connect.NewBatchServiceClient(p.srv.Client(), p.srv.URL)
		customers := portalv1connect.NewCustomerServiceClient(p.srv.Client(), p.srv.URL)
		userData := portalv1connect.NewUserDataServiceClient(p.srv.Client(), p.srv.URL)
		login := "trudy-" + randomHex(t)
		email := login + "@example.org"
		t.Cleanup(func() { p.deleteUser(t, login) })
		_, err := accounts.Register(ctx, connect.NewRequest(&portalv1.RegisterRequest{
			Login: login, Email: email, Password: password, CrmId: strings.ToLower(demo.BakeryCRMID), LangKey: "de",
		}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := accounts.Activate(ctx, connect.NewRequest(&portalv1.ActivateRequest{Key: p.activationKeyFor(t, email)})); err != nil {
			t.Fatal(err)
		}
		signedIn, err := accounts.Authenticate(ctx, connect.NewRequest(&portalv1.AuthenticateRequest{Username: login, Password: password}))
		if err != nil {
			t.Fatal(err)
		}
		pending := strings.TrimPrefix(signedIn.Header().Get("Authorization"), "Bearer ")
		skipped, err := accounts.SkipMfa(ctx, withBearer(&portalv1.SkipMfaRequest{SkipDays: 7}, pending))
		if err != nil {
			t.Fatal(err)
		}
		bearer := skipped.Msg.GetIdToken()

		_, err = batches.ListBatches(ctx, withBearer(&portalv1.ListBatchesRequest{CustomerId: p.bakery, PageSize: 10}, bearer))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("ListBatches of the CRM id's customer = %v; want NotFound", err)
		}
		_, err = batches.GetBatch(ctx, withBearer(&portalv1.GetBatchRequest{Id: p.batchID}, bearer))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("GetBatch of the customer's batch = %v; want NotFound", err)
		}
		_, err = customers.GetCustomer(ctx, withBearer(&portalv1.GetCustomerRequest{Id: p.bakery}, bearer))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("GetCustomer = %v; want NotFound", err)
		}
		mine, err := userData.GetMyUserData(ctx, withBearer(&portalv1.GetMyUserDataRequest{}, bearer))
		if err != nil || mine.Msg.GetUserData().GetCustomer() != nil || mine.Msg.GetUserData().GetFulfillment() != nil {
			t.Errorf("own user data = %v, %v; want no customer", mine, err)
		}
		// Users do not see the pending list; it is staff work.
		_, err = userData.ListPendingRegistrations(ctx, withBearer(&portalv1.ListPendingRegistrationsRequest{}, bearer))
		if connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("ListPendingRegistrations as the new user = %v; want PermissionDenied", err)
		}
	})
}

// A taken login or address gets the answer of a fresh registration; the
// owner is mailed instead and nothing is created.
func TestRegistrationWithATakenLoginAnswersAsAFreshOne(t *testing.T) {
	p := newRegistrationPortal(t)
	login := "owner-" + randomHex(t)
	email := login + "@example.org"
	t.Cleanup(func() { p.deleteUser(t, login) })
	register := func(login, email string) (*http.Response, []byte) {
		return p.rest(t, "POST", "/web/api/register", "", fmt.Sprintf(
			`{"login":%q,"email":%q,"password":"Tr4ck-Me-N0t!","crmId":"SE99999999","langKey":"nl"}`, login, email))
	}
	fresh, freshBody := register(login, email)
	p.activationKeyFor(t, email)
	other := "other-" + randomHex(t) + "@example.org"
	again, againBody := register(login, other)
	if fresh.StatusCode != http.StatusOK || again.StatusCode != fresh.StatusCode || string(againBody) != string(freshBody) {
		t.Fatalf("fresh = %d %s, taken = %d %s; want the same answer", fresh.StatusCode, freshBody, again.StatusCode, againBody)
	}
	sameEmail, sameEmailBody := register("x"+login, strings.ToUpper(email))
	if sameEmail.StatusCode != fresh.StatusCode || string(sameEmailBody) != string(freshBody) {
		t.Fatalf("taken e-mail = %d %s", sameEmail.StatusCode, sameEmailBody)
	}
	mails := p.inbox(t, email, 3)
	attempts := 0
	for _, m := range mails {
		if strings.Contains(m.Text, "Er is geen login aangemaakt") {
			attempts++
		}
	}
	if len(mails) != 3 || attempts != 2 {
		t.Fatalf("the owner got %d mails, %d about attempts; want the activation and two in Dutch", len(mails), attempts)
	}
	if _, err := p.provider.FindByEmail(context.Background(), other); err == nil {
		t.Fatal("a login was created for the visitor's address")
	}
	if _, err := p.provider.FindByLogin(context.Background(), "x"+login); err == nil {
		t.Fatal("a login was created with the taken address")
	}
	// Kratos' courier sends on its own schedule: give a stray activation time to arrive.
	time.Sleep(2 * time.Second)
	if got := p.inbox(t, other, 0); len(got) != 0 {
		t.Fatalf("the visitor's address got %d mails", len(got))
	}
}

// Reset requests are limited per address (3 in 15 minutes, then
// error.tooManyResetRequests and no mail), over REST and Connect alike, and
// need the captcha where one is configured.
func TestPasswordResetRequestsAreLimitedOverHTTP(t *testing.T) {
	p := newRegistrationPortal(t)
	email := "reset-" + randomHex(t) + "@example.org"
	accounts := portalv1connect.NewAccountServiceClient(p.srv.Client(), p.srv.URL)
	resetREST := func() (*http.Response, []byte) {
		req, _ := http.NewRequest("POST", p.srv.URL+"/web/api/account/reset-password/init", strings.NewReader(email))
		req.Header.Set("Content-Type", "text/plain")
		return rpctest.Send(t, p.srv.Client(), req)
	}
	for i := range 2 {
		if rsp, b := resetREST(); rsp.StatusCode != http.StatusOK {
			t.Fatalf("REST request %d = %d %s", i+1, rsp.StatusCode, b)
		}
	}
	resetConnect := func() error {
		_, err := accounts.RequestPasswordReset(context.Background(), connect.NewRequest(&portalv1.RequestPasswordResetRequest{
			Email: &httpbody.HttpBody{ContentType: "text/plain", Data: []byte(email)},
		}))
		return err
	}
	if err := resetConnect(); err != nil {
		t.Fatalf("third request: %v", err)
	}
	rsp, b := resetREST()
	var problem struct{ Message string }
	if err := json.Unmarshal(b, &problem); err != nil || rsp.StatusCode != http.StatusTooManyRequests || problem.Message != "error.tooManyResetRequests" {
		t.Fatalf("fourth request over REST = %d %s", rsp.StatusCode, b)
	}
	if err := resetConnect(); connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Fatalf("fifth request over Connect = %v", err)
	}

	guarded := newPortalWithCaptcha(t, "self-hosted")
	other := "reset-" + randomHex(t) + "@example.org"
	resetWith := func(token string) (int, string) {
		req, _ := http.NewRequest("POST", guarded.srv.URL+"/web/api/account/reset-password/init", strings.NewReader(other))
		req.Header.Set("Content-Type", "text/plain")
		if token != "" {
			req.Header.Set("X-Captcha-Token", token)
		}
		res, b := rpctest.Send(t, guarded.srv.Client(), req)
		var problem struct{ Message string }
		_ = json.Unmarshal(b, &problem)
		return res.StatusCode, problem.Message
	}
	for _, token := range []string{"", "made-up"} {
		if code, key := resetWith(token); code != http.StatusBadRequest || key != "error.captcha" {
			t.Fatalf("reset with captcha answer %q = %d %s; want 400 error.captcha", token, code, key)
		}
	}
	if code, key := resetWith(solveCaptcha(t, guarded)); code != http.StatusOK {
		t.Fatalf("reset with a solved captcha = %d %s", code, key)
	}
}

// solveCaptcha fetches a challenge and searches its number as the webapp does.
func solveCaptcha(t *testing.T, p registrationPortal) string {
	t.Helper()
	_, b := p.mustREST(t, "GET", "/web/api/captcha/challenge", "", "")
	var c struct {
		Algorithm, Challenge, Salt, Signature string
		Maxnumber                             json.Number
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	maxNumber, _ := c.Maxnumber.Int64()
	for n := int64(0); n <= maxNumber; n++ {
		sum := sha256.Sum256([]byte(c.Salt + strconv.FormatInt(n, 10)))
		if hex.EncodeToString(sum[:]) == c.Challenge {
			token, _ := json.Marshal(map[string]any{"algorithm": c.Algorithm, "challenge": c.Challenge, "number": n, "salt": c.Salt, "signature": c.Signature})
			return base64.StdEncoding.EncodeToString(token)
		}
	}
	t.Fatalf("no number solves %s", b)
	return ""
}

// TestACaptchaIssuedByOnePortalIsAcceptedByTheOtherOnce: two portal
// processes behind a load balancer, neither given CAPTCHA_SECRET (each drew
// a random key before, so the other refused its challenges): the challenge
// fetched from A, solved, passes on B, and its answer is refused when
// replayed on A.
func TestACaptchaIssuedByOnePortalIsAcceptedByTheOtherOnce(t *testing.T) {
	a := newPortalWithCaptcha(t, "self-hosted")
	b := a.twin(t)
	resetOn := func(srv *httptest.Server, token string) (int, string) {
		req, _ := http.NewRequest("POST", srv.URL+"/web/api/account/reset-password/init", strings.NewReader("twin-"+randomHex(t)+"@example.org"))
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("X-Captcha-Token", token)
		res, body := rpctest.Send(t, srv.Client(), req)
		var problem struct{ Message string }
		_ = json.Unmarshal(body, &problem)
		return res.StatusCode, problem.Message
	}
	token := solveCaptcha(t, a) // issued by A
	if code, key := resetOn(b, token); code != http.StatusOK {
		t.Fatalf("on B with a captcha solved for A = %d %s; want 200", code, key)
	}
	if code, key := resetOn(a.srv, token); code != http.StatusBadRequest || key != "error.captcha" {
		t.Fatalf("the same answer again on A = %d %s; want 400 error.captcha", code, key)
	}
}
