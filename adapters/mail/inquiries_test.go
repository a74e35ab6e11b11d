package mail

import (
	"context"
	"strings"
	"testing"

	"parcelportal/app/inquiries/storetest"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

func TestInquiryMailGoesToTheServiceDeskAndACopyToTheSender(t *testing.T) {
	in := storetest.Sample(1, 2, "TRK-9")
	in.TrackingNumber = "TRK-9\r\nBcc: victim@example.org"
	r := &recorder{}
	err := InquiryMails{Sender: r}.SendInquiry(context.Background(), in, organisation.Tenant{Name: "Carrier", ServiceEmail: "desk@example.org"}, []byte("%PDF-x"))
	if err != nil || len(r.sent) != 2 {
		t.Fatalf("sent %d, %v", len(r.sent), err)
	}
	desk, copied := r.sent[0], r.sent[1]
	if desk.To[0] != "desk@example.org" || copied.To[0] != "anna@example.org" || len(desk.Attachments) != 2 ||
		desk.Attachments[0].ContentType != "application/pdf" || desk.Attachments[1].Name != "photo.png" {
		t.Fatalf("mails %+v", r.sent)
	}
	if strings.ContainsAny(desk.Subject, "\r\n") {
		t.Fatalf("subject carries a line break: %q", desk.Subject)
	}
	in.SenderCopyToEmail = false
	r.sent = nil
	_ = InquiryMails{Sender: r}.SendInquiry(context.Background(), in, organisation.Tenant{ServiceEmail: "desk@example.org"}, nil)
	if len(r.sent) != 1 {
		t.Fatalf("without a copy asked for: %d mails", len(r.sent))
	}
}

func TestSubscriptionMailsTheSubscriberAndMarketing(t *testing.T) {
	r := &recorder{}
	err := InquiryMails{Sender: r}.SendSubscription(context.Background(), inquiry.Subscription{Email: "s@example.org", Company: "Co"},
		organisation.Tenant{Name: "Carrier", MarketingEmails: []string{"m1@example.org", "m2@example.org"}})
	if err != nil || len(r.sent) != 2 || r.sent[0].To[0] != "s@example.org" || len(r.sent[1].To) != 2 {
		t.Fatalf("sent %+v, %v", r.sent, err)
	}
}
