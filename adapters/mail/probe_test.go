package mail_test

import (
	"context"
	"os"
	"testing"

	"parcelportal/adapters/mail"
)

func TestProbe(t *testing.T) {
	addr := os.Getenv("SMTP_ADDR")
	if addr == "" {
		t.Fatal("SMTP_ADDR is not set: run integration tests through `make test`, which starts Mailpit")
	}
	if err := (mail.Probe{Addr: addr}).Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := (mail.Probe{Addr: "127.0.0.1:1"}).Check(context.Background()); err == nil {
		t.Fatal("a closed port must fail the probe")
	}
}
