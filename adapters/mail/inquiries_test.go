package mail

import (
	"context"
	"errors"
	"slices"
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
	mails, tenant := InquiryMails{Sender: r}, organisation.Tenant{Name: "Carrier", ServiceEmail: "desk@example.org"}
	err := errors.Join(mails.MailDesk(context.Background(), in, tenant, []byte("%PDF-x")), mails.MailSenderCopy(context.Background(), in, tenant, []byte("%PDF-x")))
	if err != nil || len(r.sent) != 2 {
		t.Fatalf("sent %d, %v", len(r.sent), err)
	}
	desk, copied := r.sent[0], r.sent[1]
	if desk.To[0] != "desk@example.org" || copied.To[0] != "anna@example.org" || len(desk.Attachments) != 2 ||
		desk.Attachments[0].ContentType != "application/pdf" || desk.Attachments[1].Name != "photo.png" {
		t.Fatalf("mails %+v", r.sent)
	}
	// The copy goes to an address typed into the form: the PDF only, never
	// the files the form carried.
	if len(copied.Attachments) != 1 || copied.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("the sender's copy carries %+v", copied.Attachments)
	}
	if strings.ContainsAny(desk.Subject, "\r\n") {
		t.Fatalf("subject carries a line break: %q", desk.Subject)
	}
	in.SenderCopyToEmail = false
	r.sent = nil
	if err := mails.MailSenderCopy(context.Background(), in, tenant, nil); err != nil || len(r.sent) != 0 {
		t.Fatalf("without a copy asked for: %d mails, %v", len(r.sent), err)
	}
	if err := mails.MailDesk(context.Background(), in, organisation.Tenant{Name: "No desk"}, nil); err != nil || len(r.sent) != 0 {
		t.Fatalf("to a tenant without a service address: %d mails, %v", len(r.sent), err)
	}
}

func TestSubscriptionMailsTheSubscriberAndMarketing(t *testing.T) {
	r := &recorder{}
	mails, sub := InquiryMails{Sender: r, BaseURL: "https://portal.example/"}, inquiry.Subscription{Email: "s@example.org", Company: "Co", Language: "de"}
	tenant := organisation.Tenant{Name: "Carrier", MarketingEmails: []string{"m1@example.org", "m2@example.org"}}
	err := errors.Join(mails.MailConfirmation(context.Background(), sub, tenant, "tok-en_1"), mails.MailMarketing(context.Background(), sub, tenant))
	if err != nil || len(r.sent) != 2 || r.sent[0].To[0] != "s@example.org" || len(r.sent[1].To) != 2 {
		t.Fatalf("sent %+v, %v", r.sent, err)
	}
	// The link to confirm, in the subscriber's language.
	if link := r.sent[0]; !strings.Contains(link.Text, "https://portal.example/newsletter/confirm?token=tok-en_1\n") ||
		!strings.Contains(link.Subject, "bestätigen") || strings.Contains(link.Subject, "confirmed") {
		t.Fatalf("the link's mail %+v", link)
	}
	for _, lang := range inquiry.Languages {
		if c, ok := confirmations[lang]; !ok || strings.Count(c.text, "%[4]s") != 1 {
			t.Errorf("the link's mail in %s: %+v", lang, c)
		}
	}
	r.sent = nil
	if err := mails.MailMarketing(context.Background(), sub, organisation.Tenant{Name: "No marketing"}); err != nil || len(r.sent) != 0 {
		t.Fatalf("to a tenant without marketing addresses: %d mails, %v", len(r.sent), err)
	}
}

// The inquiry's mails name the product, insurance and reason in the
// language of the sender's country, not by the codes the form sends, and
// every language names every code the core accepts.
func TestInquiryMailsNameTheCodesInTheRecipientsLanguage(t *testing.T) {
	in := storetest.Sample(1, 2, "TRK-9") // a German CRM id: EPAQ_PLUS, EUR_45, ITEM_DAMAGED
	r := &recorder{}
	mails, tenant := InquiryMails{Sender: r}, organisation.Tenant{Name: "Carrier", ServiceEmail: "desk@example.org"}
	if err := errors.Join(mails.MailDesk(context.Background(), in, tenant, nil), mails.MailSenderCopy(context.Background(), in, tenant, nil)); err != nil || len(r.sent) != 2 {
		t.Fatalf("sent %d, %v", len(r.sent), err)
	}
	for _, m := range r.sent {
		for _, want := range []string{"Sendung beschädigt", "e-PAQ Plus", "45 EUR", "Sendungsnummer: TRK-9"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("mail to %v lacks %q:\n%s", m.To, want, m.Text)
			}
		}
		for _, code := range []string{"ITEM_DAMAGED", "EPAQ_PLUS", "EUR_45"} {
			if strings.Contains(m.Text, code) || strings.Contains(m.Subject, code) {
				t.Errorf("mail to %v shows the code %s: %s\n%s", m.To, code, m.Subject, m.Text)
			}
		}
	}
	if r.sent[0].Subject != "Paketnachforschung TRK-9: Sendung beschädigt" || !strings.HasPrefix(r.sent[1].Subject, "Kopie: ") {
		t.Errorf("subjects %q, %q", r.sent[0].Subject, r.sent[1].Subject)
	}
	in.Sender.Crmid = "SE00000001"
	if _, text := inquiryText(in, tenant); !strings.Contains(text, "Reason: Item damaged") {
		t.Errorf("a Swedish sender's mail is not in English:\n%s", text)
	}
	codes := slices.Concat(inquiry.Products, inquiry.Insurances, inquiry.Reasons)
	for lang, w := range inquiryWordings {
		for _, code := range codes {
			if n := w.name(code); n == "" || n == code {
				t.Errorf("%s names %s %q", lang, code, n)
			}
		}
	}
	for _, lang := range inquiry.Languages {
		if _, ok := inquiryWordings[lang]; !ok {
			t.Errorf("no inquiry wording in %s", lang)
		}
	}
}
