package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/mail/mailtest"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batchjob"
	"parcelportal/app/demo"
)

// noBatches is a batch runner with nothing to do: the inquiry tests' worker
// runs only inquiry mails.
type noBatches struct{}

func (noBatches) Run(context.Context, batchjob.Job) error            { return nil }
func (noBatches) Unattended(context.Context) ([]batchjob.Job, error) { return nil, nil }

// inquiryPortal is the portal wired as main wires it (Postgres, Redis with
// a worker on a queue of its own, Mailpit, the self-hosted captcha), with
// bearers ROLE:customerID, over the demo organisation whose tenant's
// service and marketing addresses are the test's own.
type inquiryPortal struct {
	parcelPortal
	inbox       mailtest.Inbox
	desk, sales string
	tenant      int64
	// first is the portal's first tenant, which visitors' public links reach.
	first int64
}

func newInquiryPortal(t *testing.T) inquiryPortal {
	t.Helper()
	for _, name := range []string{"REDIS_ADDR", "SMTP_ADDR", "MAILPIT_URL"} {
		if os.Getenv(name) == "" {
			t.Fatalf("%s is not set: run integration tests through `make test`, which starts the stack", name)
		}
	}
	ctx := context.Background()
	db := newDemoDatabase(t)
	hex := randomHex(t)
	p := inquiryPortal{inbox: mailtest.Mailpit(os.Getenv("MAILPIT_URL")),
		desk: "desk-" + hex + "@carrier.example", sales: "marketing-" + hex + "@carrier.example"}
	err := db.pool.QueryRow(ctx, `UPDATE tenant SET service_email = $1, marketing_emails = ARRAY[$2]
		WHERE id = (SELECT h.tenant_id FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.crmid = $3) RETURNING id`,
		p.desk, p.sales, demo.BakeryCRMID).Scan(&p.tenant)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.pool.QueryRow(ctx, `SELECT min(id) FROM tenant`).Scan(&p.first); err != nil {
		t.Fatal(err)
	}
	cfg := config{SMTPAddr: os.Getenv("SMTP_ADDR"), MailFrom: "Parcel Portal <no-reply@parcel-portal.local>",
		BaseURL: "http://portal.test", Captcha: "self-hosted", CredentialsKey: secrets.DevelopmentKey,
		RedisAddr: os.Getenv("REDIS_ADDR"), CarrierConcurrency: 1, JobQueue: "inquiry-" + hex}
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	t.Cleanup(func() { _ = queue.Close() })
	h, err := handlers(cfg, db.pool, db.box, carrierOf(cfg), queue, operationsOf(cfg, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	h.Callers = bearers{}
	api, err := rpc.NewAPI(h, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	p.srv = httptest.NewServer(api)
	t.Cleanup(p.srv.Close)
	p.t, p.db = t, db
	p.bakery, p.garden = db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)

	worker := jobs.NewWorker(cfg.RedisAddr, noBatches{}, jobs.WorkerOptions{Queue: cfg.JobQueue,
		Inquiries: inquiriesOf(cfg, db.pool, db.box, captcha.Off{}, queue)})
	workCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = worker.Run(workCtx) }()
	t.Cleanup(func() { stop(); <-done })
	return p
}

// inquiryBody is a complete inquiry form as JSON, with the fields changed.
func inquiryBody(t *testing.T, tenant int64, sender string, change map[string]any) string {
	t.Helper()
	png := append([]byte("\x89PNG\r\n\x1a\n"), []byte("picture")...)
	body := map[string]any{
		"tenantId": tenant, "trackingNumber": "CP" + randomHex(t) + "DE", "dateOfPosting": "24.11.2026",
		"senderName": "Bakery", "senderCrmid": demo.BakeryCRMID, "senderContactPerson": "Anna",
		"senderContactEmail": sender, "senderContactEmailCopy": sender, "senderCopyToEmail": true,
		"recipientName": "Bob", "recipientCountry": "NL", "recipientContactPerson": "Bob",
		"recipientContactEmail": "bob@example.org", "recipientContactEmailCopy": "bob@example.org",
		"contentDescription": "Bread", "consent": true,
		"attachments": []map[string]any{{"fileName": "damage.png", "data": base64.StdEncoding.EncodeToString(png)}},
	}
	for k, v := range change {
		if v == nil {
			delete(body, k)
		} else {
			body[k] = v
		}
	}
	b, _ := json.Marshal(body)
	return string(b)
}

func TestParcelInquiryOverRESTAndConnect(t *testing.T) {
	p := newInquiryPortal(t)
	sender := "sender-" + randomHex(t) + "@example.org"

	// The public form names the tenant; an unknown tenant is not found.
	tenant := p.ok("", "GET", "/web/api/parcel-inquiry/tenants/"+strconv.FormatInt(p.tenant, 10), "")
	if tenant["name"] == "" || tenant["address"] == "" {
		t.Fatalf("tenant %v", tenant)
	}
	p.refused("", "GET", "/web/api/parcel-inquiry/tenants/999999", "", http.StatusNotFound, "error.inquiry.tenantNotFound")
	// Tenant 0 is the portal's first tenant for a visitor: the public link
	// to the form needs no id.
	if own := p.ok("", "GET", "/web/api/parcel-inquiry/tenants/0", ""); own["id"] != strconv.FormatInt(p.first, 10) || own["name"] == "" {
		t.Fatalf("tenant 0 for a visitor = %v, want tenant %d", own, p.first)
	}
	if status, key := p.post("", solveCaptcha(t, registrationPortal{srv: p.srv}), []byte(inquiryBody(t, 999999, sender, nil)), false); status != http.StatusNotFound || key != "error.inquiry.tenantNotFound" {
		t.Fatalf("unknown tenant = %d %q", status, key)
	}

	// An anonymous visitor answers the captcha, in the X-Captcha-Token header.
	p.refused("", "POST", "/web/api/parcel-inquiry", inquiryBody(t, p.tenant, sender, nil), http.StatusBadRequest, "error.inquiry.invalidCaptcha")
	if status, key := p.post("", "forged", []byte(inquiryBody(t, p.tenant, sender, nil)), false); status != http.StatusBadRequest || key != "error.inquiry.invalidCaptcha" {
		t.Fatalf("a forged answer = %d %q", status, key)
	}
	if status, key := p.post("", solveCaptcha(t, registrationPortal{srv: p.srv}), []byte(inquiryBody(t, p.tenant, sender, nil)), false); status != http.StatusOK {
		t.Fatalf("anonymous = %d %q", status, key)
	}

	// The service desk gets the PDF and the attachment; the sender a copy.
	desk := p.inbox(t, p.desk, 1)
	if len(desk) != 1 || len(desk[0].Attachments) != 2 || desk[0].Attachments[0].ContentType != "application/pdf" ||
		desk[0].Attachments[1].FileName != "damage.png" || !strings.Contains(desk[0].Subject, "Paketnachforschung CP") {
		t.Fatalf("service desk mails %+v", desk)
	}
	if copies := p.inbox(t, sender, 1); len(copies) != 1 || !strings.HasPrefix(copies[0].Subject, "Kopie: ") || len(copies[0].Attachments) != 1 {
		t.Fatalf("sender's copies %+v", copies)
	}
	// The mails name the form's choices in the language of the sender's
	// country (a German CRM id), not by their codes.
	if text := desk[0].Text; !strings.Contains(text, "Grund: Sendung nicht zugestellt") || !strings.Contains(text, "Produkt: e-PAQ Standard") ||
		strings.Contains(text, "ITEM_NOT_DELIVERED") || strings.Contains(text, "EPAQ_STANDARD") {
		t.Errorf("the service desk's mail reads %q", text)
	}

	// A signed-in user files over Connect without a captcha, for its own
	// customer's tenant; its customer reads the PDF, another customer not.
	client := portalv1connect.NewInquiryServiceClient(p.srv.Client(), p.srv.URL)
	number := "CP" + randomHex(t) + "DE"
	req := &portalv1.SubmitParcelInquiryRequest{TrackingNumber: number, DateOfPosting: "24/11/2026", SenderName: "Bakery",
		SenderCrmid: demo.BakeryCRMID, SenderContactPerson: "Anna", SenderContactEmail: sender, SenderContactEmailCopy: sender,
		RecipientName: "Bob", RecipientCountry: "NL", RecipientContactPerson: "Bob", RecipientContactEmail: "b@example.org",
		RecipientContactEmailCopy: "b@example.org", ContentDescription: "Bread", Consent: true}
	user := p.as("ROLE_USER", p.bakery)
	if _, err := client.SubmitParcelInquiry(context.Background(), withBearer(req, user)); err != nil {
		t.Fatal(err)
	}
	status, _, pdf := p.rest(user, "GET", "/web/api/parcel-inquiry/"+number+"/pdf_document", "")
	if status != http.StatusOK || !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Fatalf("own PDF = %d %.20q", status, pdf)
	}
	p.refused(p.as("ROLE_USER", p.garden), "GET", "/web/api/parcel-inquiry/"+number+"/pdf_document", "", http.StatusNotFound, "error.inquiry.notFound")
	p.refused("", "GET", "/web/api/parcel-inquiry/"+number+"/pdf_document", "", http.StatusUnauthorized, "error.unauthenticated")
	if status, _, _ := p.rest(p.as("ROLE_ADMIN", 0), "GET", "/web/api/parcel-inquiry/"+number+"/pdf_document", ""); status != http.StatusOK {
		t.Fatalf("staff read the PDF: %d", status)
	}
	if desk := p.inbox(t, p.desk, 2); len(desk) != 2 {
		t.Fatalf("service desk has %d mails", len(desk))
	}
}

// The attacker's view: bad fields change nothing and say which rule broke,
// files are checked by count, size and content, line breaks never reach a
// mail header, bodies are bounded, and anonymous visitors are throttled.
func TestParcelInquiryRefusals(t *testing.T) {
	p := newInquiryPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	sender := "s-" + randomHex(t) + "@example.org"
	exe := base64.StdEncoding.EncodeToString([]byte("MZ\x90\x00"))
	fakePNG := base64.StdEncoding.EncodeToString([]byte("MZ not a png"))
	big := base64.StdEncoding.EncodeToString(make([]byte, 8_000_001))
	file := func(name, data string) map[string]any { return map[string]any{"fileName": name, "data": data} }
	png := base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nx"))
	for name, change := range map[string]map[string]any{
		"copy differs":      {"senderContactEmailCopy": "other@example.org"},
		"no date":           {"dateOfPosting": "2026-13-45"},
		"no consent":        {"consent": false},
		"no tracking":       {"trackingNumber": ""},
		"header injection":  {"trackingNumber": "CP1\r\nBcc: victim@example.org"},
		"executable":        {"attachments": []any{file("run.exe", exe)}},
		"disguised":         {"attachments": []any{file("photo.png", fakePNG)}},
		"path in file name": {"attachments": []any{file("../../etc/passwd.txt", "aGk=")}},
		"four files":        {"attachments": []any{file("a.png", png), file("b.png", png), file("c.png", png), file("d.png", png)}},
		"too large a file":  {"attachments": []any{file("big.png", big)}},
		"unknown product":   {"product": "EPAQ_GOLD"},
	} {
		// Every try counts against the login: start each case afresh.
		if _, err := p.db.pool.Exec(context.Background(), `DELETE FROM throttle_attempt`); err != nil {
			t.Fatal(err)
		}
		status, key, b := p.rest(user, "POST", "/web/api/parcel-inquiry", inquiryBody(t, p.tenant, sender, change))
		if status != http.StatusBadRequest || key == "" {
			t.Errorf("%s: %d %q %s", name, status, key, b)
		}
	}
	var stored int
	if err := p.db.pool.QueryRow(context.Background(), `SELECT count(*) FROM parcel_inquiry`).Scan(&stored); err != nil || stored != 0 {
		t.Fatalf("refused inquiries stored: %d %v", stored, err)
	}
	// A body above the route's limit is refused before it is read whole.
	huge := `{"reasonText":"` + strings.Repeat("a", 34<<20) + `"}`
	if status, _, _ := p.rest("", "POST", "/web/api/parcel-inquiry", huge); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 34 MB body = %d", status)
	}
	// A customer's user with no tracking role may not file one.
	p.refused(p.as("ROLE_API", p.bakery), "POST", "/web/api/parcel-inquiry", inquiryBody(t, p.tenant, sender, nil), http.StatusForbidden, "error.forbidden")
	// Anonymous visitors: ten tries per address, then 429 before the captcha is looked at.
	for i := range inquiriesPerAddress {
		if status, key, _ := p.rest("", "POST", "/web/api/parcel-inquiry", inquiryBody(t, p.tenant, sender, nil)); status != http.StatusBadRequest {
			t.Fatalf("try %d: %d %s", i, status, key)
		}
	}
	p.refused("", "POST", "/web/api/parcel-inquiry", inquiryBody(t, p.tenant, sender, nil), http.StatusTooManyRequests, "error.inquiry.tooManyRequests")
}

// Double opt-in over the wire: a signed-in user asks for someone else's
// address; the address gets a link in its language (no "subscription
// confirmed"), is subscribed only when the link is used, and marketing is
// told then. Asking again for a confirmed address mails nobody. Before,
// the address was told at once that it was subscribed.
func TestNewsletterSubscriptionNeedsTheAddressOwnersLink(t *testing.T) {
	p := newInquiryPortal(t)
	email := "reader-" + randomHex(t) + "@example.org"
	body := `{"email":"` + email + `","company":"Bakery","language":"es"}`
	user := p.as("ROLE_USER", p.bakery)
	p.ok(user, "POST", "/web/api/newsletter-subscription", body)
	// Asked again once the first link went out, the address gets another.
	p.inbox(t, email, 1)
	p.ok(user, "POST", "/web/api/newsletter-subscription", `{"email":"`+strings.ToUpper(email)+`","company":"Bakery","language":"es"}`)
	var rows, confirmed int
	if err := p.db.pool.QueryRow(context.Background(), `SELECT count(*), count(confirmed_at) FROM newsletter_subscription`).Scan(&rows, &confirmed); err != nil || rows != 1 || confirmed != 0 {
		t.Fatalf("subscriptions %d, confirmed %d, %v", rows, confirmed, err)
	}
	links := p.inbox(t, email, 2)
	if len(links) != 2 || links[0].Subject != "Confirme su suscripción al boletín" || strings.Contains(links[0].Text, "confirmed") {
		t.Fatalf("links %+v", links)
	}
	// The newest link holds (asking again replaced the first's token).
	_, after, _ := strings.Cut(links[len(links)-1].Text, "http://portal.test/newsletter/confirm?token=")
	token, _, _ := strings.Cut(strings.ReplaceAll(after, "\r", ""), "\n")
	if len(token) < 40 {
		t.Fatalf("no link in %q", links[len(links)-1].Text)
	}
	p.refused("", "POST", "/web/api/newsletter-subscription/confirm", `{"token":"forged"}`, http.StatusNotFound, "error.newsletter.invalidLink")
	// No token, an oversized one and a body that is no request are refused before any look-up.
	for _, body := range []string{`{"token":""}`, `{"token":"` + strings.Repeat("t", 201) + `"}`} {
		p.refused("", "POST", "/web/api/newsletter-subscription/confirm", body, http.StatusBadRequest, "error.validation")
	}
	p.refused("", "POST", "/web/api/newsletter-subscription/confirm", `{"token":`, http.StatusBadRequest, "error.malformedRequest")
	var stored []byte
	if err := p.db.pool.QueryRow(context.Background(), `SELECT token_hash FROM newsletter_subscription`).Scan(&stored); err != nil || bytes.Contains(stored, []byte(token)) || len(stored) != 32 {
		t.Fatalf("the token is stored as %q, %v", stored, err)
	}
	p.ok("", "POST", "/web/api/newsletter-subscription/confirm", `{"token":"`+token+`"}`)
	p.ok("", "POST", "/web/api/newsletter-subscription/confirm", `{"token":"`+token+`"}`)
	if err := p.db.pool.QueryRow(context.Background(), `SELECT count(confirmed_at) FROM newsletter_subscription`).Scan(&confirmed); err != nil || confirmed != 1 {
		t.Fatalf("confirmed %d, %v", confirmed, err)
	}
	if got := p.inbox(t, p.sales, 1); len(got) != 1 || !strings.Contains(got[0].Text, email) {
		t.Fatalf("marketing mails %+v", got)
	}
	// Confirmed stays confirmed; asking again mails nobody.
	p.ok(user, "POST", "/web/api/newsletter-subscription", body)
	time.Sleep(300 * time.Millisecond)
	if got := p.inbox(t, email, 2); len(got) != 2 {
		t.Fatalf("asked again once confirmed: %d mails", len(got))
	}
	p.refused("", "POST", "/web/api/newsletter-subscription", body, http.StatusUnauthorized, "error.unauthenticated")
	if status, key, _ := p.rest(user, "POST", "/web/api/newsletter-subscription", `{"email":"x@example.org","company":"A"}`); status != http.StatusBadRequest || key == "" {
		t.Fatalf("one-letter company = %d %s", status, key)
	}
	if status, _, _ := p.rest(user, "POST", "/web/api/newsletter-subscription", `{"email":"x@example.org\r\nBcc: y@example.org","company":"Co"}`); status != http.StatusBadRequest {
		t.Fatalf("header injection in the e-mail = %d", status)
	}
}
