package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/identity/identitytest"
)

func TestIdentityContract(t *testing.T) {
	identitytest.Contract(t, func(t *testing.T) identitytest.Fixture {
		const portal = "http://portal.test"
		m := memory.NewIdentity(portal)
		read := map[string]int{} // mails returned by NextMail, per address
		return identitytest.Fixture{
			Sessions: m, SecondFactor: m, Directory: m, Mailbox: m,
			PortalURL: portal,
			NextMail: func(t *testing.T, email string) identitytest.Mail {
				t.Helper()
				mails := m.Mails(email)
				if len(mails) <= read[email] {
					t.Fatalf("no new mail to %s", email)
				}
				next := mails[read[email]]
				read[email]++
				return identitytest.Mail{Subject: next.Subject, Text: next.Text}
			},
			MailCount: func(t *testing.T, email string) int { return len(m.Mails(email)) },
		}
	})
}
