package inquiry

import (
	"strings"
	"testing"

	"parcelportal/core/failure"
)

func valid() Inquiry {
	return Inquiry{
		TrackingNumber: "CP1DE", DateOfPosting: "24.11.2026",
		Sender: Party{Name: "Bakery", Crmid: "DE1", ContactPerson: "Anna", ContactEmail: "a@example.org", ContactEmailCopy: "A@example.org"},
		Recipient: Party{Name: "Bob", Country: "NL", ContactPerson: "Bob", ContactEmail: "b@example.org",
			ContactEmailCopy: "b@example.org"},
		ContentDescription: "Bread", Consent: true,
		Attachments: []Attachment{{FileName: "a.pdf", Data: []byte("%PDF-1.4")}, {FileName: "b.txt", Data: []byte("hello")}},
	}
}

func rules(t *testing.T, in Inquiry) map[string]string {
	t.Helper()
	_, err := Validate(in)
	out := map[string]string{}
	if err == nil {
		return out
	}
	f, ok := failure.As(err)
	if !ok {
		t.Fatalf("not a failure: %v", err)
	}
	for _, v := range f.Fields {
		out[v.Field] = v.Rule
	}
	return out
}

func TestValidateAcceptsACompleteInquiryWithDefaults(t *testing.T) {
	in, err := Validate(valid())
	if err != nil || in.Product != DefaultProduct || in.Insurance != DefaultInsurance || in.Reason != DefaultReason ||
		in.PostedOn.Format("2006-01-02") != "2026-11-24" {
		t.Fatalf("Validate = %+v, %v", in, err)
	}
}

func TestValidateRefusals(t *testing.T) {
	for name, c := range map[string]struct {
		change      func(*Inquiry)
		field, rule string
	}{
		"required":        {func(in *Inquiry) { in.Recipient.Country = " " }, "recipientCountry", RuleRequired},
		"copy":            {func(in *Inquiry) { in.Recipient.ContactEmailCopy = "x@example.org" }, "recipientContactEmailCopy", RuleMismatch},
		"date":            {func(in *Inquiry) { in.DateOfPosting = "31.02.2026" }, "dateOfPosting", RuleDate},
		"consent":         {func(in *Inquiry) { in.Consent = false }, "consent", RuleConsent},
		"line break":      {func(in *Inquiry) { in.Sender.Name = "A\r\nBcc: x@example.org" }, "senderName", RuleLine},
		"email injection": {func(in *Inquiry) { in.Sender.ContactEmail = "a@example.org\nBcc: x@y.z" }, "senderContactEmail", RuleLine},
		"too long":        {func(in *Inquiry) { in.TrackingNumber = strings.Repeat("1", MaxFieldLength+1) }, "trackingNumber", RuleSize},
		"product":         {func(in *Inquiry) { in.Product = "GOLD" }, "product", RuleOneOf},
		"four files": {func(in *Inquiry) {
			in.Attachments = append(in.Attachments, in.Attachments...)
		}, "attachments", RuleCount},
		"big file": {func(in *Inquiry) {
			in.Attachments[0].Data = append([]byte("%PDF-"), make([]byte, MaxAttachmentBytes)...)
		}, "attachments", RuleFileSize},
		"exe":         {func(in *Inquiry) { in.Attachments[0].FileName = "a.exe" }, "attachments", RuleFileType},
		"fake pdf":    {func(in *Inquiry) { in.Attachments[0].Data = []byte("MZ") }, "attachments", RuleFileType},
		"binary text": {func(in *Inquiry) { in.Attachments[1].Data = []byte("a\x00b") }, "attachments", RuleFileType},
		"path":        {func(in *Inquiry) { in.Attachments[0].FileName = "../a.pdf" }, "attachments", RuleFileName},
	} {
		in := valid()
		c.change(&in)
		if got := rules(t, in); got[c.field] != c.rule {
			t.Errorf("%s: %v, want %s %s", name, got, c.field, c.rule)
		}
	}
}

func TestParseDateInEveryLocale(t *testing.T) {
	for _, s := range []string{"24.11.2026", "24-11-2026", "24/11/2026", "2026-11-24"} {
		if d, ok := ParseDate(s); !ok || d.Day() != 24 || d.Month() != 11 {
			t.Errorf("%s = %v %v", s, d, ok)
		}
	}
	if _, ok := ParseDate("11/24/2026"); ok {
		t.Error("a month-first date was read")
	}
}

func TestValidateSubscription(t *testing.T) {
	if _, err := ValidateSubscription(Subscription{Email: "a@example.org", Company: "AB"}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []Subscription{{Email: "a@example.org", Company: "A"}, {Email: "nope", Company: "AB"}, {Email: "a@example.org\r\n", Company: "A\nB"}} {
		if _, err := ValidateSubscription(s); err == nil {
			t.Errorf("%+v accepted", s)
		}
	}
}

func TestTheConfirmationMailSpeaksTheSubscribersLanguage(t *testing.T) {
	for in, want := range map[string]string{"de": "de", "nl-BE": "nl", " IT ": "it", "fr": "en", "": "en", "es-419": "es"} {
		if got := LanguageOf(in); got != want {
			t.Errorf("LanguageOf(%q) = %q, want %q", in, got, want)
		}
	}
	if s, err := ValidateSubscription(Subscription{Email: "a@example.org", Company: "Co", Language: "pt"}); err != nil || s.Language != "en" {
		t.Fatalf("ValidateSubscription = %+v, %v", s, err)
	}
}
