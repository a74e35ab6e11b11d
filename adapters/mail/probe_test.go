package mail_test

import (
	"context"
	"net"
	"os"
	"testing"
	"time"

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

// A server that accepts and never greets must not hold the probe, also
// when the caller's context has no deadline (it hung before the probe had
// a bound of its own).
func TestProbeGivesUpOnASilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			defer conn.Close() // held open, silent
		}
	}()
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- (mail.Probe{Addr: ln.Addr().String()}).Check(context.Background()) }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a silent server passed the probe")
		}
		if took := time.Since(start); took > mail.DefaultProbeTimeout+time.Second {
			t.Errorf("gave up after %s", took)
		}
	case <-time.After(mail.DefaultProbeTimeout + 5*time.Second):
		t.Fatal("the probe hangs on a server that never greets")
	}
}
