package identity

import (
	"cmp"
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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
	if err := access.SignedIn.Check(caller); err != nil {
		return account.User{}, err
	}
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
