package inquiries_test

import (
	"cmp"
	"context"
	"errors"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/gate"
	"parcelportal/app/inquiries"
	"parcelportal/app/inquiries/storetest"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

type tenants struct{}

func (tenants) GetTenant(_ context.Context, id int64) (organisation.Tenant, error) {
	if id != 7 {
		return organisation.Tenant{}, failure.New(failure.NotFound, "error.tenant.notFound")
	}
	return organisation.Tenant{ID: 7, Name: "Carrier", ServiceEmail: "desk@example.org", Address: organisation.Address{City: "Berlin", CountryCode: "DE"}}, nil
}

type captcha struct{}

func (captcha) Enabled() bool { return true }
func (captcha) Verify(_ context.Context, token, _ string) error {
	if token != "solved" {
		return errors.New("wrong")
	}
	return nil
}

type throttle struct{ n map[string]int }

func (t throttle) Attempt(_ context.Context, keys []string, _ time.Time) (bool, error) {
	t.n[keys[0]]++
	return t.n[keys[0]] <= 2, nil
}

type queue struct{ ids, subscriptions []int64 }

func (q *queue) MailInquiry(_ context.Context, id int64) error { q.ids = append(q.ids, id); return nil }
func (q *queue) MailSubscription(_ context.Context, id int64) error {
	q.subscriptions = append(q.subscriptions, id)
	return nil
}

type renderer struct{}

func (renderer) Inquiry(in inquiry.Inquiry, _ organisation.Tenant) ([]byte, error) {
	return []byte("%PDF-" + in.TrackingNumber), nil
}

// mailer counts the mails it sent of each kind; while down is set it sends
// none, and while secondDown is set it sends only the first of the two.
type mailer struct {
	desk, copies, confirmations, notices int
	down, secondDown                     error
	// token is the last confirmation link's.
	token string
}

func (m *mailer) send(count *int, fail error) error {
	if fail != nil {
		return fail
	}
	*count++
	return nil
}

func (m *mailer) MailDesk(context.Context, inquiry.Inquiry, organisation.Tenant, []byte) error {
	return m.send(&m.desk, m.down)
}

func (m *mailer) MailSenderCopy(context.Context, inquiry.Inquiry, organisation.Tenant, []byte) error {
	return m.send(&m.copies, cmp.Or(m.down, m.secondDown))
}

func (m *mailer) MailConfirmation(_ context.Context, _ inquiry.Subscription, _ organisation.Tenant, token string) error {
	if err := m.send(&m.confirmations, m.down); err != nil {
		return err
	}
	m.token = token
	return nil
}

func (m *mailer) MailMarketing(context.Context, inquiry.Subscription, organisation.Tenant) error {
	return m.send(&m.notices, cmp.Or(m.down, m.secondDown))
}

func service() (inquiries.Service, *queue, *mailer) {
	q, m := &queue{}, &mailer{}
	return inquiries.Service{
		Store:   &memory.Inquiries{CustomerTenants: map[int64]int64{1: 7}, Tenants: []int64{7}},
		Tenants: tenants{}, Captcha: captcha{}, Throttle: throttle{n: map[string]int{}}, Queue: q,
		Renderer: renderer{}, Mailer: m, Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) },
	}, q, m
}

func kindOf(err error) failure.Kind {
	f, _ := failure.As(err)
	if f == nil {
		return 0
	}
	return f.Kind
}

func TestSubmitMailsOnceAndScopesThePDF(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	in := storetest.Sample(0, 99, "TRK-A")
	filed, err := s.Submit(ctx, user, inquiries.Submission{Inquiry: in})
	if err != nil || filed.TenantID != 7 || filed.CustomerID != 1 || filed.CreatedBy != "anna" || len(q.ids) != 1 {
		t.Fatalf("Submit = %+v, %v (queued %v)", filed, err, q.ids)
	}
	for range 2 {
		if err := s.Mail(ctx, filed.ID); err != nil {
			t.Fatal(err)
		}
	}
	if m.desk != 1 || m.copies != 1 {
		t.Fatalf("mailed the desk %d times, the sender %d", m.desk, m.copies)
	}
	if doc, err := s.PDF(ctx, user, "TRK-A"); err != nil || string(doc.PDF) != "%PDF-TRK-A" || doc.Name != "parcel-inquiry-TRK-A.pdf" {
		t.Fatalf("PDF = %+v, %v", doc, err)
	}
	other := &access.Caller{Login: "bob", Roles: []access.Role{access.User}, CustomerID: 2}
	if _, err := s.PDF(ctx, other, "TRK-A"); kindOf(err) != failure.NotFound {
		t.Fatalf("another customer's PDF: %v", err)
	}
	if marks, _ := s.Marks(ctx, other, []string{"TRK-A"}); len(marks) != 0 {
		t.Fatalf("another customer sees marks %v", marks)
	}
	staff := &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}}
	if marks, _ := s.Marks(ctx, staff, []string{"TRK-A"}); marks["TRK-A"].CreatedBy != "anna" {
		t.Fatalf("staff marks %v", marks)
	}
}

func TestAnonymousInquiriesNeedTheCaptchaAndAreThrottled(t *testing.T) {
	ctx := context.Background()
	s, _, _ := service()
	in := storetest.Sample(7, 0, "TRK-B")
	if _, err := s.Submit(ctx, nil, inquiries.Submission{Inquiry: in, RemoteAddr: "1.2.3.4"}); !failure.HasKey(err, inquiry.KeyInvalidCaptcha) {
		t.Fatalf("without captcha: %v", err)
	}
	filed, err := s.Submit(ctx, nil, inquiries.Submission{Inquiry: in, CaptchaToken: "solved", RemoteAddr: "1.2.3.4"})
	if err != nil || filed.CustomerID != 0 || filed.CreatedBy != "" {
		t.Fatalf("anonymous = %+v, %v", filed, err)
	}
	if _, err := s.Submit(ctx, nil, inquiries.Submission{Inquiry: in, CaptchaToken: "solved", RemoteAddr: "1.2.3.4"}); !failure.HasKey(err, inquiry.KeyTooMany) {
		t.Fatalf("third try: %v", err)
	}
	in.TenantID = 8
	if _, err := s.Submit(ctx, nil, inquiries.Submission{Inquiry: in, CaptchaToken: "solved", RemoteAddr: "5.6.7.8"}); !failure.HasKey(err, inquiry.KeyTenantNotFound) {
		t.Fatalf("unknown tenant: %v", err)
	}
}

// A signed-in user may type anybody's address: the address is mailed a
// link and subscribed only once the link is used (double opt-in); then
// marketing is told, once. Before, the address was told "subscription
// confirmed" at once.
func TestSubscribeMailsALinkAndSubscribesOnlyWhenItIsUsed(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	if err := s.Subscribe(ctx, user, inquiry.Subscription{Email: "third@example.org", Company: "Bakery", Language: "it"}, "9.9.9.9"); err != nil {
		t.Fatal(err)
	}
	if len(q.subscriptions) != 1 || m.confirmations != 0 {
		t.Fatalf("queued %v, mailed %d in the request", q.subscriptions, m.confirmations)
	}
	id := q.subscriptions[0]
	for range 2 {
		if err := s.MailSubscription(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	sub, _ := s.Store.GetSubscription(ctx, id)
	if m.confirmations != 1 || m.notices != 0 || m.token == "" || sub.Confirmed() || sub.Language != "it" {
		t.Fatalf("before the link is used: %d links, %d notices, %+v", m.confirmations, m.notices, sub)
	}
	for _, token := range []string{"", "forged", m.token + "x"} {
		if err := s.Confirm(ctx, token); !failure.HasKey(err, inquiry.KeyInvalidLink) {
			t.Fatalf("Confirm(%q) = %v", token, err)
		}
	}
	for range 2 {
		if err := s.Confirm(ctx, m.token); err != nil {
			t.Fatal(err)
		}
	}
	if len(q.subscriptions) != 2 || q.subscriptions[1] != id {
		t.Fatalf("queued %v after the link was used twice", q.subscriptions)
	}
	for range 2 {
		if err := s.MailSubscription(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if sub, _ := s.Store.GetSubscription(ctx, id); m.confirmations != 1 || m.notices != 1 || !sub.Confirmed() {
		t.Fatalf("after the link: %d links, %d notices, %+v", m.confirmations, m.notices, sub)
	}
	// Confirmed stays confirmed; asking again mails nobody.
	if err := s.Subscribe(ctx, user, inquiry.Subscription{Email: "THIRD@example.org", Company: "Bakery"}, "8.8.8.8"); err != nil {
		t.Fatal(err)
	}
	if sub, _ := s.Store.GetSubscription(ctx, id); len(q.subscriptions) != 2 || !sub.Confirmed() {
		t.Fatalf("asked again once confirmed: queued %v, %+v", q.subscriptions, sub)
	}
	if err := s.Subscribe(ctx, nil, inquiry.Subscription{Email: "a@example.org", Company: "Bakery"}, "9.9.9.9"); kindOf(err) != failure.Unauthenticated {
		t.Fatalf("anonymous: %v", err)
	}
}

// Asking again for an unconfirmed address mails the link again, up to the
// per-address limit (the fake throttle's two links), whoever asks from
// wherever; past it the answer is the same and nobody is mailed.
func TestAskingAgainMailsTheLinkAFewTimesAtMost(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	for i, addr := range []string{"1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"} {
		if err := s.Subscribe(ctx, user, inquiry.Subscription{Email: "victim@example.org", Company: "Bakery"}, addr); err != nil {
			t.Fatalf("try %d: %v", i+1, err)
		}
		for _, id := range q.subscriptions {
			if err := s.MailSubscription(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		q.subscriptions = nil
	}
	if m.confirmations != 2 {
		t.Fatalf("mailed the link %d times", m.confirmations)
	}
}

// A subscription asked for while the mail relay is away is stored and
// answered at once; its link goes out once the relay is back (the job's
// retry or the worker's Resume), once, and Resume leaves it be while the
// link waits to be used.
func TestSubscriptionMailsSurviveAMailOutage(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	m.down = errors.New("dial tcp 127.0.0.1:1025: connect: connection refused")
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	if err := s.Subscribe(ctx, user, inquiry.Subscription{Email: "b@example.org", Company: "Bakery"}, "9.9.9.9"); err != nil {
		t.Fatalf("subscribing while the relay is away: %v", err)
	}
	if len(q.subscriptions) != 1 {
		t.Fatalf("queued %v", q.subscriptions)
	}
	if err := s.MailSubscription(ctx, q.subscriptions[0]); err == nil {
		t.Fatal("the job reported a mail sent while the relay was away")
	}
	// The queue lost the task (Redis away): the worker's Resume finds it.
	q.subscriptions = nil
	if err := s.Resume(ctx); err != nil || len(q.subscriptions) != 1 {
		t.Fatalf("Resume = %v, queued %v", err, q.subscriptions)
	}
	m.down = nil
	for range 2 {
		if err := s.MailSubscription(ctx, q.subscriptions[0]); err != nil {
			t.Fatal(err)
		}
	}
	q.subscriptions = nil
	if err := s.Resume(ctx); err != nil || len(q.subscriptions) != 0 || m.confirmations != 1 || m.notices != 0 {
		t.Fatalf("after the link: Resume = %v, queued %v, mailed %d and %d", err, q.subscriptions, m.confirmations, m.notices)
	}
}

// When the relay fails between an inquiry's two mails, the job's retry
// sends only the one that did not go out: the service desk gets one mail.
func TestAnInquiryRetriedAfterItsSecondMailFailedSendsOnlyThatOne(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	filed, err := s.Submit(ctx, user, inquiries.Submission{Inquiry: storetest.Sample(0, 99, "TRK-B")})
	if err != nil || len(q.ids) != 1 {
		t.Fatalf("Submit = %v, queued %v", err, q.ids)
	}
	m.secondDown = errors.New("421 service not available")
	if err := s.Mail(ctx, filed.ID); err == nil {
		t.Fatal("the job reported both mails sent while the second failed")
	}
	m.secondDown = nil
	for range 2 {
		if err := s.Mail(ctx, filed.ID); err != nil {
			t.Fatal(err)
		}
	}
	if m.desk != 1 || m.copies != 1 {
		t.Fatalf("mailed the desk %d times, the sender %d", m.desk, m.copies)
	}
}

// The same for a subscription: a failed link is sent again once, and so
// is marketing's notice after the link was used.
func TestASubscriptionRetriedAfterAMailFailedSendsItOnce(t *testing.T) {
	ctx := context.Background()
	s, q, m := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	if err := s.Subscribe(ctx, user, inquiry.Subscription{Email: "c@example.org", Company: "Bakery"}, "9.9.9.9"); err != nil {
		t.Fatal(err)
	}
	id := q.subscriptions[0]
	m.down = errors.New("421 service not available")
	if err := s.MailSubscription(ctx, id); err == nil {
		t.Fatal("the job reported the link sent while the relay failed")
	}
	m.down = nil
	for range 2 {
		if err := s.MailSubscription(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Confirm(ctx, m.token); err != nil {
		t.Fatal(err)
	}
	m.secondDown = errors.New("421 service not available")
	if err := s.MailSubscription(ctx, id); err == nil {
		t.Fatal("the job reported the notice sent while the relay failed")
	}
	m.secondDown = nil
	for range 2 {
		if err := s.MailSubscription(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if m.confirmations != 1 || m.notices != 1 {
		t.Fatalf("mailed %d links, %d notices", m.confirmations, m.notices)
	}
}

// A signed-in login files as many inquiries as an anonymous address may
// (the fake throttle's two), whichever customer or none it acts for: each
// mails an address of the filer's choosing. Before, logins were unlimited.
func TestSignedInInquiriesAreThrottledPerLogin(t *testing.T) {
	ctx := context.Background()
	s, q, _ := service()
	for _, user := range []*access.Caller{
		{Login: "tracker", Roles: []access.Role{access.User}, CustomerID: 1},
		{Login: "self-registered", Roles: []access.Role{access.User}},
	} {
		for i := range 2 {
			if _, err := s.Submit(ctx, user, inquiries.Submission{Inquiry: storetest.Sample(7, 0, "TRK-L")}); err != nil {
				t.Fatalf("%s, inquiry %d: %v", user.Login, i+1, err)
			}
		}
		if _, err := s.Submit(ctx, user, inquiries.Submission{Inquiry: storetest.Sample(7, 0, "TRK-L")}); !failure.HasKey(err, inquiry.KeyTooMany) {
			t.Fatalf("%s, third inquiry: %v", user.Login, err)
		}
	}
	if len(q.ids) != 4 {
		t.Fatalf("queued %v", q.ids)
	}
}

// A filing is admitted before its form is read: throttled, the captcha
// answered (anonymous), then one at a time through the Bodies gate, so
// that the transport reads one body while the others wait unread.
func TestInquiriesAreAdmittedOneAtATime(t *testing.T) {
	ctx := context.Background()
	s, _, _ := service()
	s.Bodies = gate.New(1)
	if _, err := s.Admit(ctx, nil, "", "1.2.3.4"); !failure.HasKey(err, inquiry.KeyInvalidCaptcha) {
		t.Fatalf("without captcha: %v", err)
	}
	first, err := s.Admit(ctx, nil, "solved", "5.6.7.8")
	if err != nil {
		t.Fatal(err)
	}
	waiting, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := s.Admit(waiting, nil, "solved", "9.9.9.9"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second body while the first is read: %v", err)
	}
	// A signed-in caller waits its turn too.
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	signedInWaiting, cancelSignedIn := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancelSignedIn()
	if _, err := s.Admit(signedInWaiting, user, "", "9.9.9.9"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a signed-in body while the first is read: %v", err)
	}
	// The admission is the anonymous visitor's: a login cannot use it.
	if _, err := s.Submit(ctx, user, inquiries.Submission{Inquiry: storetest.Sample(7, 0, "TRK-G"), Admission: first}); kindOf(err) != failure.Forbidden {
		t.Fatalf("another caller's admission: %v", err)
	}
	if _, err := s.Submit(ctx, nil, inquiries.Submission{Inquiry: storetest.Sample(7, 0, "TRK-G"), Admission: first}); err != nil {
		t.Fatal(err)
	}
	first.Done()
	next, err := s.Admit(ctx, nil, "solved", "9.9.9.9")
	if err != nil {
		t.Fatalf("after the first is done: %v", err)
	}
	next.Done()
}
