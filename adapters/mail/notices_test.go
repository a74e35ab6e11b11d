package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/mail"
	"parcelportal/adapters/memory"
	"parcelportal/app/identity"
	"parcelportal/core/account"
	"parcelportal/core/organisation"
)

var ctx = context.Background()

func request(crmID, reason string) identity.RegistrationRequest {
	return identity.RegistrationRequest{
		Login: "jana.k", Email: "jana@example.org", CRMID: crmID, Reason: reason,
		RequestedAt: time.Date(2026, 11, 25, 9, 30, 0, 0, time.UTC),
	}
}

func TestRegistrationRequestNamesLoginCustomerAndReason(t *testing.T) {
	outbox := &memory.Outbox{}
	n := mail.Notices{Sender: outbox, BaseURL: "https://portal.example/"}
	bakery := &organisation.CustomerRef{ID: 41, Name: "Bäckerei Sonnenschein", CRMID: "DE10000001"}
	err := n.RegistrationRequested(ctx, identity.RegistrationNotice{
		To: []string{"a@carrier.example", "b@carrier.example"}, Request: request("DE10000001", "Wir versenden Brot."), Customer: bakery,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"a@carrier.example", "b@carrier.example"} {
		got := outbox.To(to)
		if len(got) != 1 {
			t.Fatalf("%s received %d mails", to, len(got))
		}
		for _, want := range []string{"jana.k", "jana@example.org", "DE10000001", "Bäckerei Sonnenschein", "id 41",
			"Wir versenden Brot.", "2026-11-25 09:30 UTC", "https://portal.example/user-data", "Registrierungsanfrage"} {
			if !strings.Contains(got[0].Subject+"\n"+got[0].Text, want) {
				t.Errorf("mail to %s lacks %q:\n%s\n%s", to, want, got[0].Subject, got[0].Text)
			}
		}
	}

	err = n.RegistrationRequested(ctx, identity.RegistrationNotice{To: []string{"c@carrier.example"}, Request: request("SE99999999", "")})
	if err != nil {
		t.Fatal(err)
	}
	got := outbox.To("c@carrier.example")
	if len(got) != 1 || !strings.Contains(got[0].Text, "no customer has this CRM ID") || !strings.Contains(got[0].Text, "(none given)") {
		t.Fatalf("a request without customer (Swedish CRM id, English mail) = %+v", got)
	}
}

func TestRegistrationAttemptIsInTheOwnersLanguage(t *testing.T) {
	phrases := map[string]string{
		"de": "Es wurde kein Login angelegt", "en": "No login was created", "es": "No se ha creado ningún usuario",
		"it": "Non è stato creato alcun accesso", "nl": "Er is geen login aangemaakt",
	}
	for _, lang := range account.Locales {
		outbox := &memory.Outbox{}
		owner := account.User{Login: "anna", Email: "anna-" + lang + "@example.org", LangKey: lang}
		if err := (mail.Notices{Sender: outbox, BaseURL: "https://portal.example"}).RegistrationAttempted(ctx, owner); err != nil {
			t.Fatal(err)
		}
		got := outbox.To(owner.Email)
		if len(got) != 1 || !strings.Contains(got[0].Text, phrases[lang]) || !strings.Contains(got[0].Text, "https://portal.example/account/reset/request") {
			t.Errorf("%s: %+v", lang, got)
		}
	}
}
