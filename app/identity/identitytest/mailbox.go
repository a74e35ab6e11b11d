package identitytest

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"parcelportal/core/account"
)

// accountPhrase is how each language's mails speak of the reader's account:
// finding it shows that the mail is in the user's language.
var accountPhrase = map[string]string{
	"de": "ihr konto", "en": "your account", "es": "su cuenta", "it": "il suo account", "nl": "uw account",
}

// MailboxContract checks identity.Mailbox.
func MailboxContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	// The two keys a mail carries: each confirms once, in every language.
	for _, k := range []struct {
		kind, path string
		user       func(u *account.User)
		send       func(ctx context.Context, f Fixture, u account.User) error
		confirm    func(ctx context.Context, f Fixture, key string) (string, error)
	}{
		{"an activation", "/account/activate/", func(u *account.User) { u.Status = account.New },
			func(ctx context.Context, f Fixture, u account.User) error { return f.Mailbox.SendActivation(ctx, u) },
			func(ctx context.Context, f Fixture, key string) (string, error) {
				return f.Mailbox.ConfirmActivation(ctx, key)
			}},
		{"a reset", "/account/reset/finish/", func(*account.User) {},
			func(ctx context.Context, f Fixture, u account.User) error { return f.Mailbox.SendReset(ctx, u.Email) },
			func(ctx context.Context, f Fixture, key string) (string, error) {
				return f.Mailbox.ConfirmReset(ctx, key)
			}},
	} {
		for _, lang := range account.Locales {
			parallel(t, k.kind+" key in "+lang+" confirms once", newFixture, func(t *testing.T, f Fixture) {
				ctx := context.Background()
				u, _ := newUser(t, f, func(u *account.User) { u.LangKey = lang; k.user(u) })
				if err := k.send(ctx, f, u); err != nil {
					t.Fatalf("send %s key: %v", k.kind, err)
				}
				key := mailedKey(t, f, u.Email, k.path, lang)
				id, err := k.confirm(ctx, f, key)
				if err != nil || id != u.ID {
					t.Fatalf("confirm %s key = %q, %v; want %q", k.kind, id, err, u.ID)
				}
				_, err = k.confirm(ctx, f, key)
				wantFailure(t, "second confirm of "+k.kind+" key", err, account.ErrInvalidKey)
			})
		}
	}

	parallel(t, "made-up, altered and swapped keys are ErrInvalidKey", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, _ := newUser(t, f, func(u *account.User) { u.Status = account.New })
		if err := f.Mailbox.SendActivation(ctx, u); err != nil {
			t.Fatalf("SendActivation: %v", err)
		}
		activation := mailedKey(t, f, u.Email, "/account/activate/", u.LangKey)
		if err := f.Mailbox.SendReset(ctx, u.Email); err != nil {
			t.Fatalf("SendReset: %v", err)
		}
		reset := mailedKey(t, f, u.Email, "/account/reset/finish/", u.LangKey)

		for _, key := range []string{"made-up", randomHex(16), activation + "0", alterLast(activation), reset} {
			_, err := f.Mailbox.ConfirmActivation(ctx, key)
			wantFailure(t, "ConfirmActivation("+key+")", err, account.ErrInvalidKey)
		}
		for _, key := range []string{"made-up", randomHex(16), reset + "0", alterLast(reset), activation} {
			_, err := f.Mailbox.ConfirmReset(ctx, key)
			wantFailure(t, "ConfirmReset("+key+")", err, account.ErrInvalidKey)
		}
		// Wrong guesses do not spoil the real keys.
		if id, err := f.Mailbox.ConfirmActivation(ctx, activation); err != nil || id != u.ID {
			t.Errorf("ConfirmActivation after wrong guesses = %q, %v", id, err)
		}
		if id, err := f.Mailbox.ConfirmReset(ctx, reset); err != nil || id != u.ID {
			t.Errorf("ConfirmReset after wrong guesses = %q, %v", id, err)
		}
	})

	parallel(t, "SendReset finds the address in any case", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, _ := newUser(t, f, nil)
		if err := f.Mailbox.SendReset(ctx, strings.ToUpper(u.Email)); err != nil {
			t.Fatalf("SendReset: %v", err)
		}
		key := mailedKey(t, f, u.Email, "/account/reset/finish/", u.LangKey)
		if id, err := f.Mailbox.ConfirmReset(ctx, key); err != nil || id != u.ID {
			t.Errorf("ConfirmReset = %q, %v; want %q", id, err, u.ID)
		}
	})

	parallel(t, "SendReset to an address without a login sends nothing and is no error", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		nobody := emailOf(newLogin())
		if err := f.Mailbox.SendReset(ctx, nobody); err != nil {
			t.Fatalf("SendReset(%s): %v", nobody, err)
		}
		// A later mail that did arrive shows that an earlier one would have.
		u, _ := newUser(t, f, nil)
		if err := f.Mailbox.SendReset(ctx, u.Email); err != nil {
			t.Fatalf("SendReset: %v", err)
		}
		f.NextMail(t, u.Email)
		if n := f.MailCount(t, nobody); n != 0 {
			t.Errorf("%d mails went to an address without a login", n)
		}
	})
}

// mailedKey reads the next mail to email, checks that it is in the
// language and links to the portal page, and returns the link's key.
func mailedKey(t *testing.T, f Fixture, email, page, lang string) string {
	t.Helper()
	m := f.NextMail(t, email)
	if m.Subject == "" {
		t.Error("the mail has no subject")
	}
	if phrase := accountPhrase[lang]; !strings.Contains(strings.ToLower(m.Text), phrase) {
		t.Errorf("the mail is not in %s (no %q):\n%s", lang, phrase, m.Text)
	}
	link := regexp.MustCompile(regexp.QuoteMeta(f.PortalURL+page) + `(\S+)`).FindStringSubmatch(m.Text)
	if link == nil {
		t.Fatalf("the mail has no link to %s%s:\n%s", f.PortalURL, page, m.Text)
	}
	return link[1]
}

// alterLast changes the key's last character, as a mistyped or guessed key.
func alterLast(key string) string {
	last := key[len(key)-1]
	replacement := byte('0')
	if last == '0' {
		replacement = '1'
	}
	return key[:len(key)-1] + string(replacement)
}
