package identity

import (
	"context"
	"errors"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// RegisterInput is the registration form and where it came from.
type RegisterInput struct {
	account.Registration
	RemoteAddr string
}

// Register creates a NEW login with the user role, links it to the customer
// with its CRM id when the carrier already has one, and mails the
// activation key. Nothing is created when any rule is broken.
func (s Service) Register(ctx context.Context, in RegisterInput) error {
	r := in.Registration.Normalized()
	if err := r.Validate(s.passwordMaxLength()); err != nil {
		return err
	}
	if s.Captcha.Enabled() {
		if err := s.Captcha.Verify(ctx, in.CaptchaToken, in.RemoteAddr); err != nil {
			return failure.New(failure.Invalid, account.KeyCaptchaFailed)
		}
	}
	now := s.now()
	user, err := s.Directory.Create(ctx, account.User{
		Login: r.Login, Email: r.Email, LangKey: r.LangKey, Roles: []access.Role{access.User},
		Status: account.New, CreatedBy: r.Login, CreatedAt: now, ModifiedBy: r.Login, ModifiedAt: now,
	}, r.Password)
	if err != nil {
		return err
	}
	if err := s.Links.LinkToCustomerByCRMID(ctx, user.Login, user.ID, r.CRMID); err != nil {
		return errors.Join(err, s.Directory.Delete(ctx, user.ID))
	}
	if err := s.Mailbox.SendActivation(ctx, user); err != nil {
		return err
	}
	s.audit(ctx, user.Login, AuditRegistered, "crmId", r.CRMID)
	return nil
}

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

func (s Service) passwordMaxLength() int {
	if s.PasswordMaxLength > 0 {
		return s.PasswordMaxLength
	}
	return 50
}
