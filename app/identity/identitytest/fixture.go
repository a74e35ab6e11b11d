// Package identitytest is the contract of the identity ports in
// app/identity, written once and run against every implementation:
// adapters/kratos against a real Kratos and Mailpit, adapters/memory
// against nothing. Each test makes its own logins with random names, so
// parallel and repeated runs never collide, and deletes them afterwards.
package identitytest

import (
	"testing"

	"parcelportal/app/identity"
)

// Fixture is one implementation of the four ports and a way to read the
// mails it sends.
type Fixture struct {
	Sessions     identity.Sessions
	SecondFactor identity.SecondFactor
	Directory    identity.Directory
	Mailbox      identity.Mailbox
	// PortalURL is where the mailed links must lead, without a trailing slash.
	PortalURL string
	// NextMail returns the oldest mail to the address that this fixture has
	// not returned yet, waiting for delivery if the implementation mails
	// asynchronously; it fails the test when none arrives.
	NextMail func(t *testing.T, email string) Mail
	// MailCount is how many mails reached the address so far, without waiting.
	MailCount func(t *testing.T, email string) int
}

// Mail is a delivered mail as a person reads it.
type Mail struct {
	Subject string
	Text    string
}

// Contract runs every port's contract; newFixture is called once per test.
func Contract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	t.Run("Sessions", func(t *testing.T) { SessionsContract(t, newFixture) })
	t.Run("SecondFactor", func(t *testing.T) { SecondFactorContract(t, newFixture) })
	t.Run("Directory", func(t *testing.T) { DirectoryContract(t, newFixture) })
	t.Run("Mailbox", func(t *testing.T) { MailboxContract(t, newFixture) })
}
