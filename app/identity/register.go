package identity

import (
	"context"
	"errors"
	"log/slog"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// RegisterInput is the registration form and where it came from.
type RegisterInput struct {
	account.Registration
	RemoteAddr string
}

// Register turns a self-registration into a request: it creates a NEW login
// with the user role and no customer, keeps the request (CRM id, reason,
// when) for staff, mails the activation key to the visitor and the request
// to the tenant's self-registration addresses. The CRM id is a claim that
// staff check; only their link in user data gives the login a customer.
//
// A login or e-mail address that is taken is answered exactly as a fresh
// registration, so that nobody learns which logins and addresses exist;
// their owners get a mail saying that someone tried to register with them.
// Nothing is created when any rule is broken. Login and address are taken
// in their one form (account.NormalizeIdentifier), and past its form rules
// a registration answers no sooner than RegistrationFloor after it began,
// so a taken login takes as long as a fresh one.
func (s Service) Register(ctx context.Context, in RegisterInput) error {
	start := s.now()
	r := in.Registration.Normalized()
	if err := r.Validate(s.passwordMaxLength()); err != nil {
		return err
	}
	if s.Captcha.Enabled() {
		if err := s.Captcha.Verify(ctx, in.CaptchaToken, in.RemoteAddr); err != nil {
			return failure.New(failure.Invalid, account.KeyCaptchaFailed)
		}
	}
	defer s.evenOut(ctx, start, s.RegistrationFloor)
	now := s.now()
	user, err := s.Directory.Create(ctx, account.User{
		Login: r.Login, Email: r.Email, LangKey: r.LangKey, Roles: []access.Role{access.User},
		Status: account.New, CreatedBy: r.Login, CreatedAt: now, ModifiedBy: r.Login, ModifiedAt: now,
	}, r.Password)
	if failure.HasKey(err, account.KeyLoginTaken) || failure.HasKey(err, account.KeyEmailTaken) {
		return s.registeredAgain(ctx, r)
	}
	if err != nil {
		return err
	}
	request := RegistrationRequest{
		Login: user.Login, IdentityID: user.ID, Email: user.Email,
		CRMID: r.CRMID, Reason: r.RequestReason, RequestedAt: now,
	}
	routing, err := s.Requests.Add(ctx, request)
	if err != nil {
		return errors.Join(err, s.Directory.Delete(ctx, user.ID))
	}
	if err := s.Mailbox.SendActivation(ctx, user); err != nil {
		return err
	}
	s.audit(ctx, user.Login, AuditRegistered, "crmId", r.CRMID)
	// The request is kept and listed for staff: a lost mail is logged, not
	// answered to the visitor, whose login exists by now.
	if len(routing.Recipients) == 0 {
		slog.WarnContext(ctx, "registration request mailed to nobody: no tenant lists selfRegistrationEmails", "login", user.Login)
		return nil
	}
	notice := RegistrationNotice{To: routing.Recipients, Request: request, Customer: routing.Customer}
	if err := s.Notices.RegistrationRequested(ctx, notice); err != nil {
		slog.WarnContext(ctx, "registration request mail lost", "login", user.Login, "error", err)
	}
	return nil
}

// AttemptMailKey prefixes the throttle key of the mails to an owner whose
// login or address someone tried to register again: a few per window, so
// that repeated tries cannot flood the owner's inbox.
const AttemptMailKey = "attempt-mail:"

// registeredAgain tells the owners of the taken login and address that
// someone tried to register with them, and answers as for a new login.
func (s Service) registeredAgain(ctx context.Context, r account.Registration) error {
	owners := map[string]account.User{}
	if u, err := s.Directory.FindByLogin(ctx, r.Login); err == nil {
		owners[u.ID] = u
	} else if !failure.HasKey(err, account.KeyUserNotFound) {
		return err
	}
	if u, err := s.Directory.FindByEmail(ctx, r.Email); err == nil {
		owners[u.ID] = u
	} else if !failure.HasKey(err, account.KeyUserNotFound) {
		return err
	}
	for _, owner := range owners {
		s.audit(ctx, owner.Login, AuditRegisteredAgain)
		allowed, err := s.Throttle.Attempt(ctx, []string{AttemptMailKey + owner.ID}, s.now())
		if err != nil {
			return err
		}
		if !allowed {
			continue // the owner was told already; the visitor learns nothing either way
		}
		if err := s.Notices.RegistrationAttempted(ctx, owner); err != nil {
			slog.WarnContext(ctx, "registration attempt mail lost", "login", owner.Login, "error", err)
		}
	}
	return nil
}
