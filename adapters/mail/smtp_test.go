package mail_test

import (
	"os"
	"testing"

	"parcelportal/adapters/mail"
	"parcelportal/adapters/mail/mailtest"
	"parcelportal/adapters/memory"
)

func TestSMTPSenderContract(t *testing.T) {
	addr, mailpit := os.Getenv("SMTP_ADDR"), os.Getenv("MAILPIT_URL")
	if addr == "" || mailpit == "" {
		t.Fatal("SMTP_ADDR and MAILPIT_URL are not set: run integration tests through `make test`, which starts Mailpit")
	}
	mailtest.SenderContract(t, mail.SMTP{Addr: addr, From: "Parcel Portal <no-reply@parcel-portal.local>"}, mailtest.Mailpit(mailpit))
}

func TestOutboxSenderContract(t *testing.T) {
	outbox := &memory.Outbox{}
	mailtest.SenderContract(t, outbox, func(_ *testing.T, address string, _ int) []mailtest.Delivered {
		var out []mailtest.Delivered
		for _, m := range outbox.To(address) {
			out = append(out, mailtest.Delivered{Subject: m.Subject, Text: m.Text})
		}
		return out
	})
}
