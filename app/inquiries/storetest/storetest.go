// Package storetest holds the contract test of the inquiry store, run
// against Postgres and the in-memory fake alike.
package storetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"parcelportal/app/inquiries"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Sample is a complete inquiry of a tracking number for a customer.
func Sample(tenantID, customerID int64, trackingNumber string) inquiry.Inquiry {
	return inquiry.Inquiry{
		TenantID: tenantID, CustomerID: customerID, Product: "EPAQ_PLUS", Insurance: "EUR_45", Reason: "ITEM_DAMAGED",
		TrackingNumber: trackingNumber, DateOfPosting: "24.11.2026", PostedOn: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC),
		Sender: inquiry.Party{Name: "Bakery", Crmid: "DE00000001", ContactPerson: "Anna", ContactEmail: "anna@example.org",
			ContactEmailCopy: "anna@example.org"},
		Recipient: inquiry.Party{Name: "Bob", Country: "NL", ContactPerson: "Bob", ContactEmail: "bob@example.org",
			ContactEmailCopy: "bob@example.org"},
		SenderCopyToEmail: true, ContentDescription: "Bread", Consent: true,
		Attachments: []inquiry.Attachment{{FileName: "photo.png", Data: []byte("\x89PNG\r\n\x1a\nxyz")}},
		CreatedAt:   time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), CreatedBy: "user",
	}
}

// Contract checks storing, reading by id and tracking number within the
// customers, the mail mark, and subscriptions once per e-mail and tenant
// with their own mail mark.
// The tenant is the one of customerA's hub; customerB is another customer.
func Contract(t *testing.T, store inquiries.Store, tenantID, customerA, customerB int64) {
	ctx := context.Background()
	a := Sample(tenantID, customerA, "TRK-1")
	first, err := store.Create(ctx, a, []byte("%PDF-first"))
	if err != nil || first.ID == 0 {
		t.Fatalf("Create = %+v, %v", first, err)
	}
	later := a
	later.CreatedAt = a.CreatedAt.Add(time.Hour)
	later.CreatedBy = "second"
	second, err := store.Create(ctx, later, []byte("%PDF-second"))
	if err != nil || second.ID == first.ID {
		t.Fatalf("second Create = %+v, %v", second, err)
	}
	other := Sample(tenantID, customerB, "TRK-2")
	if _, err := store.Create(ctx, other, []byte("%PDF-other")); err != nil {
		t.Fatal(err)
	}

	got, pdf, err := store.Get(ctx, first.ID)
	if err != nil || got.ID != first.ID || !bytes.Equal(pdf, []byte("%PDF-first")) || got.Sender.ContactEmail != "anna@example.org" ||
		len(got.Attachments) != 1 || !bytes.Equal(got.Attachments[0].Data, a.Attachments[0].Data) ||
		!got.PostedOn.Equal(a.PostedOn) || !got.MailedAt.IsZero() || got.CustomerID != customerA {
		t.Fatalf("Get = %+v, %q, %v", got, pdf, err)
	}
	if _, _, err := store.Get(ctx, 1<<40); !isNotFound(err) {
		t.Fatalf("Get of an unknown id = %v", err)
	}

	if _, pdf, err := store.Latest(ctx, "TRK-1", []int64{customerA}); err != nil || string(pdf) != "%PDF-second" {
		t.Fatalf("Latest of the own customer = %q, %v", pdf, err)
	}
	if _, pdf, err := store.Latest(ctx, "TRK-1", nil); err != nil || string(pdf) != "%PDF-second" {
		t.Fatalf("Latest for everybody = %q, %v", pdf, err)
	}
	if _, _, err := store.Latest(ctx, "TRK-1", []int64{customerB}); !isNotFound(err) {
		t.Fatalf("another customer's inquiry = %v", err)
	}
	if _, _, err := store.Latest(ctx, "TRK-1", []int64{}); !isNotFound(err) {
		t.Fatalf("no customer at all = %v", err)
	}

	marks, err := store.Marks(ctx, []string{"TRK-1", "TRK-2", "TRK-3"}, []int64{customerA})
	if err != nil || len(marks) != 1 || marks["TRK-1"].CreatedBy != "second" || !marks["TRK-1"].CreatedAt.Equal(later.CreatedAt) {
		t.Fatalf("Marks = %+v, %v", marks, err)
	}
	if marks, err := store.Marks(ctx, []string{"TRK-1", "TRK-2"}, nil); err != nil || len(marks) != 2 {
		t.Fatalf("Marks for everybody = %+v, %v", marks, err)
	}

	unmailed, err := store.Unmailed(ctx)
	if err != nil || len(unmailed) != 3 || unmailed[0] != first.ID {
		t.Fatalf("Unmailed = %v, %v", unmailed, err)
	}
	at := time.Date(2026, 11, 25, 11, 0, 0, 0, time.UTC)
	if ok, err := store.MarkDeskMailed(ctx, first.ID, at.Add(-time.Minute)); !ok || err != nil {
		t.Fatalf("MarkDeskMailed = %v, %v", ok, err)
	}
	if ok, err := store.MarkDeskMailed(ctx, first.ID, at); ok || err != nil {
		t.Fatalf("second MarkDeskMailed = %v, %v", ok, err)
	}
	if got, _, _ := store.Get(ctx, first.ID); !got.DeskMailedAt.Equal(at.Add(-time.Minute)) || !got.MailedAt.IsZero() {
		t.Fatalf("after the desk's mail: desk %v, all %v", got.DeskMailedAt, got.MailedAt)
	}
	if unmailed, _ := store.Unmailed(ctx); len(unmailed) != 3 {
		t.Fatalf("Unmailed after the desk's mail alone = %v", unmailed)
	}
	if ok, err := store.MarkMailed(ctx, first.ID, at); !ok || err != nil {
		t.Fatalf("MarkMailed = %v, %v", ok, err)
	}
	if ok, err := store.MarkMailed(ctx, first.ID, at.Add(time.Hour)); ok || err != nil {
		t.Fatalf("second MarkMailed = %v, %v", ok, err)
	}
	if got, _, _ := store.Get(ctx, first.ID); !got.MailedAt.Equal(at) {
		t.Fatalf("mailed at %v, want %v", got.MailedAt, at)
	}
	if unmailed, _ := store.Unmailed(ctx); len(unmailed) != 2 {
		t.Fatalf("Unmailed after a mail = %v", unmailed)
	}

	sub := inquiry.Subscription{TenantID: tenantID, Email: "news@example.org", Company: "Bakery", Language: "nl", CreatedAt: at, CreatedBy: "user"}
	subID, ok, err := store.Subscribe(ctx, sub)
	if !ok || err != nil || subID == 0 {
		t.Fatalf("Subscribe = %d, %v, %v", subID, ok, err)
	}
	upper := sub
	upper.Email = "NEWS@example.org"
	if id, ok, err := store.Subscribe(ctx, upper); ok || err != nil || id != subID {
		t.Fatalf("second Subscribe of the same e-mail = %d, %v, %v; want the first's id", id, ok, err)
	}
	otherSub, _, err := store.Subscribe(ctx, inquiry.Subscription{TenantID: tenantID, Email: "more@example.org", Company: "Garden", Language: "en", CreatedAt: at})
	if err != nil || otherSub == subID {
		t.Fatalf("another Subscribe = %d, %v", otherSub, err)
	}
	got2, err := store.GetSubscription(ctx, subID)
	if err != nil || got2.ID != subID || got2.Email != sub.Email || got2.Company != sub.Company || got2.TenantID != tenantID || got2.Language != "nl" ||
		!got2.CreatedAt.Equal(at) || got2.CreatedBy != "user" || !got2.MailedAt.IsZero() || got2.Confirmed() {
		t.Fatalf("GetSubscription = %+v, %v", got2, err)
	}
	if _, err := store.GetSubscription(ctx, 1<<40); !isNotFound(err) {
		t.Fatalf("GetSubscription of an unknown id = %v", err)
	}
	if ids, err := store.UnmailedSubscriptions(ctx); err != nil || len(ids) != 2 || ids[0] != subID {
		t.Fatalf("UnmailedSubscriptions = %v, %v", ids, err)
	}
	// The link goes out: nothing is left to mail until it is used.
	hash := sha256.Sum256([]byte("token"))
	if err := store.SetConfirmationToken(ctx, subID, hash, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if ok, err := store.MarkConfirmationMailed(ctx, subID, at.Add(-time.Minute)); !ok || err != nil {
		t.Fatalf("MarkConfirmationMailed = %v, %v", ok, err)
	}
	if ok, err := store.MarkConfirmationMailed(ctx, subID, at); ok || err != nil {
		t.Fatalf("second MarkConfirmationMailed = %v, %v", ok, err)
	}
	if got2, _ := store.GetSubscription(ctx, subID); !got2.ConfirmationMailedAt.Equal(at.Add(-time.Minute)) || !got2.MailedAt.IsZero() {
		t.Fatalf("after the link: mailed %v, all %v", got2.ConfirmationMailedAt, got2.MailedAt)
	}
	if ids, _ := store.UnmailedSubscriptions(ctx); len(ids) != 1 || ids[0] != otherSub {
		t.Fatalf("UnmailedSubscriptions while the link waits = %v", ids)
	}
	// Asked again while unconfirmed, the link is to go out again.
	if again, err := store.AskConfirmationAgain(ctx, subID, "de"); !again || err != nil {
		t.Fatalf("AskConfirmationAgain = %v, %v", again, err)
	}
	if got2, _ := store.GetSubscription(ctx, subID); !got2.ConfirmationMailedAt.IsZero() || got2.Language != "de" {
		t.Fatalf("asked again: %+v", got2)
	}
	if _, err := store.MarkConfirmationMailed(ctx, subID, at); err != nil {
		t.Fatal(err)
	}
	// A wrong or expired token confirms nothing; the right one once.
	if _, _, err := store.Confirm(ctx, sha256.Sum256([]byte("other")), at); !failure.HasKey(err, inquiry.KeyInvalidLink) {
		t.Fatalf("Confirm with another token = %v", err)
	}
	if _, _, err := store.Confirm(ctx, hash, at.Add(time.Hour)); !failure.HasKey(err, inquiry.KeyInvalidLink) {
		t.Fatalf("Confirm with an expired token = %v", err)
	}
	if id, newly, err := store.Confirm(ctx, hash, at.Add(time.Minute)); id != subID || !newly || err != nil {
		t.Fatalf("Confirm = %d, %v, %v", id, newly, err)
	}
	if id, newly, err := store.Confirm(ctx, hash, at.Add(2*time.Minute)); id != subID || newly || err != nil {
		t.Fatalf("second Confirm = %d, %v, %v", id, newly, err)
	}
	if got2, _ := store.GetSubscription(ctx, subID); !got2.ConfirmedAt.Equal(at.Add(time.Minute)) {
		t.Fatalf("confirmed at %v", got2.ConfirmedAt)
	}
	// Confirmed stays confirmed, and its notice to marketing is due.
	if again, err := store.AskConfirmationAgain(ctx, subID, "en"); again || err != nil {
		t.Fatalf("AskConfirmationAgain of a confirmed one = %v, %v", again, err)
	}
	if ids, _ := store.UnmailedSubscriptions(ctx); len(ids) != 2 || ids[0] != subID {
		t.Fatalf("UnmailedSubscriptions once confirmed = %v", ids)
	}
	if ok, err := store.MarkSubscriptionMailed(ctx, subID, at); !ok || err != nil {
		t.Fatalf("MarkSubscriptionMailed = %v, %v", ok, err)
	}
	if ok, err := store.MarkSubscriptionMailed(ctx, subID, at.Add(time.Hour)); ok || err != nil {
		t.Fatalf("second MarkSubscriptionMailed = %v, %v", ok, err)
	}
	if got2, _ := store.GetSubscription(ctx, subID); !got2.MailedAt.Equal(at) || !got2.Confirmed() {
		t.Fatalf("subscription mailed at %v, want %v", got2.MailedAt, at)
	}
	if ids, _ := store.UnmailedSubscriptions(ctx); len(ids) != 1 || ids[0] != otherSub {
		t.Fatalf("UnmailedSubscriptions after a mail = %v", ids)
	}
	if id, err := store.TenantOf(ctx, customerA); err != nil || id != tenantID {
		t.Fatalf("TenantOf = %d, %v; want %d", id, err, tenantID)
	}
	if id, err := store.TenantOf(ctx, 0); err != nil || id == 0 {
		t.Fatalf("TenantOf no customer = %d, %v", id, err)
	}
}

func isNotFound(err error) bool {
	f, ok := failure.As(err)
	return ok && f.Kind == failure.NotFound
}
