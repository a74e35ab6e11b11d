package identity

import (
	"context"
	"errors"

	"parcelportal/core/account"
)

// Activate confirms the e-mail address with the key from the activation
// mail and makes the login ACTIVE.
func (s Service) Activate(ctx context.Context, key string) error {
	if key == "" {
		return account.ErrInvalidKey
	}
	id, err := s.Mailbox.ConfirmActivation(ctx, key)
	if err != nil {
		return err
	}
	user, err := s.Directory.Get(ctx, id)
	if err != nil {
		return err
	}
	// NEW becomes ACTIVE in one compare-and-set: a login an admin
	// deactivated meanwhile stays as the admin left it.
	_, err = s.Directory.ChangeStatus(ctx, id, account.New, account.Active, user.Login, s.now())
	if errors.Is(err, ErrStatusChanged) {
		now, gerr := s.Directory.Get(ctx, id)
		if gerr != nil {
			return gerr
		}
		if now.Status != account.Active {
			return account.ErrNotActivated
		}
		err = nil
	}
	if err != nil {
		return err
	}
	s.audit(ctx, user.Login, AuditActivated)
	return nil
}
