package identity

import (
	"cmp"
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// GetAccount returns the caller's own login.
func (s Service) GetAccount(ctx context.Context, caller *access.Caller) (account.User, error) {
	return s.Directory.Get(ctx, caller.IdentityID)
}

// ProfileChange is what a user may change about themselves; a new e-mail
// address needs the current password.
type ProfileChange struct {
	FirstName, LastName, Email, LangKey string
	CurrentPassword                     string
}

// SaveAccount changes the caller's names, e-mail and language. A new
// e-mail address (where reset mails go) needs the current password, so a
// stolen session alone cannot take the account over.
func (s Service) SaveAccount(ctx context.Context, caller *access.Caller, p ProfileChange) (account.User, error) {
	c := account.Checker{Object: "settings"}
	c.Email("email", p.Email)
	c.Locale("langKey", p.LangKey)
	c.MaxLength("firstName", p.FirstName, account.NameMaxLength)
	c.MaxLength("lastName", p.LastName, account.NameMaxLength)
	if err := c.Err(); err != nil {
		return account.User{}, err
	}
	if err := s.ensureEmailFree(ctx, caller.IdentityID, p.Email); err != nil {
		return account.User{}, err
	}
	current, err := s.Directory.Get(ctx, caller.IdentityID)
	if err != nil {
		return account.User{}, err
	}
	if !strings.EqualFold(p.Email, current.Email) {
		if p.CurrentPassword == "" {
			return account.User{}, failure.InvalidFields(failure.FieldViolation{Object: "settings", Field: "currentPassword", Rule: account.RuleRequired})
		}
		if err := s.checkPassword(ctx, caller, p.CurrentPassword, account.ErrCurrentPasswordWrong); err != nil {
			return account.User{}, err
		}
	}
	// Only what the user may change is written: roles and status stay as
	// an admin may have set them since this read.
	return s.Directory.UpdateProfile(ctx, caller.IdentityID, ProfileUpdate{
		FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, LangKey: cmp.Or(p.LangKey, current.LangKey),
		ModifiedBy: caller.Login, ModifiedAt: s.now(),
	})
}

// Logout ends the caller's session at once.
func (s Service) Logout(ctx context.Context, caller *access.Caller, token string) error {
	if err := s.Sessions.Revoke(ctx, token); err != nil {
		return err
	}
	_ = s.MFA.ClearPending(ctx, TokenHash(token))
	s.audit(ctx, caller.Login, AuditSignOut)
	return nil
}

// checkPassword proves the caller knows the password before a change that
// a stolen session must not make. Each check counts in the identity's
// sign-in bucket, so a session cannot be used to guess the password either;
// a wrong password is wrong.
func (s Service) checkPassword(ctx context.Context, caller *access.Caller, password string, wrong error) error {
	key := []string{identityThrottleKey(caller.IdentityID)}
	allowed, err := s.Throttle.Attempt(ctx, key, s.now())
	if err != nil {
		return err
	}
	if !allowed {
		return failure.New(failure.TooMany, account.KeyTooManyAttempts)
	}
	check, err := s.Sessions.SignIn(ctx, caller.Login, password)
	if failure.HasKey(err, account.KeyBadCredentials) {
		return wrong
	}
	if err != nil {
		return err
	}
	_ = s.Sessions.Revoke(ctx, check.Token)
	_ = s.Throttle.Forget(ctx, key)
	return nil
}
