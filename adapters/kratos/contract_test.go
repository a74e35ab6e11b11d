package kratos_test

import (
	"context"
	"os"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail"
	"parcelportal/app/identity/identitytest"
)

// testPortalURL is deliberately not the dev portal's address: the mails
// must link to whatever the adapter was given.
const testPortalURL = "http://portal.test:8080"

// stackEnv reads the addresses `eval "$(dev/stack.sh env)"` exports.
func stackEnv(t *testing.T, names ...string) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, name := range names {
		if env[name] = os.Getenv(name); env[name] == "" {
			t.Fatalf("%s is not set: start the stack with dev/stack.sh up and run `eval \"$(dev/stack.sh env)\"`, or use `make test`", name)
		}
	}
	return env
}

func TestIdentityContract(t *testing.T) {
	env := stackEnv(t, "KRATOS_PUBLIC_URL", "KRATOS_ADMIN_URL", "MAILPIT_URL", "SMTP_ADDR")
	// Kratos' courier sends to this SMTP server; without it no mail arrives.
	if err := (mail.Probe{Addr: env["SMTP_ADDR"]}).Check(context.Background()); err != nil {
		t.Fatalf("Mailpit's SMTP at %s: %v", env["SMTP_ADDR"], err)
	}
	provider := kratos.New(kratos.Config{
		PublicURL: env["KRATOS_PUBLIC_URL"], AdminURL: env["KRATOS_ADMIN_URL"], PortalURL: testPortalURL,
		PasswordCost: bcrypt.MinCost,
	})
	identitytest.Contract(t, func(t *testing.T) identitytest.Fixture {
		box := newMailpit(t, env["MAILPIT_URL"])
		return identitytest.Fixture{
			Sessions: provider, SecondFactor: provider, Directory: provider, Mailbox: provider,
			PortalURL: testPortalURL, NextMail: box.next, MailCount: box.count,
		}
	})
}
