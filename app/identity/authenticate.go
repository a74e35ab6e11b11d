package identity

import (
	"context"
	"log/slog"
	"strings"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// SignInInput is the sign-in form and where it came from.
type SignInInput struct {
	Identifier string
	Password   string
	RememberMe bool
	RemoteAddr string
	// CaptchaToken is the answer of the portal's captcha, needed only past
	// the limit of the login or the address (account.KeyCaptchaRequired).
	CaptchaToken string
}

// SignInResult says what the client does next.
type SignInResult struct {
	Token string
	// MFARequired: the session is usable only for the MFA dialog until a
	// code is verified or registration is skipped.
	MFARequired   bool
	MFARegistered bool
	FeatureMFA    bool
}

// Authenticate signs in with login or e-mail and password.
//
// The identifier is taken in its one form (account.NormalizeIdentifier)
// before anything is counted or asked, so " anna", "ANNA\t" and "anna" are
// one login with one bucket. Attempts are counted before the password is
// checked, per identity (login and e-mail alike) and per address, in one
// atomic step, and written to the audit log. Past either limit the sign-in
// is not refused outright, so nobody can lock a login or an office's
// address out: it needs a solved captcha (account.KeyCaptchaRequired, or
// KeyCaptchaFailed for a wrong or used answer), and a wrong password with a
// solved captcha still counts. A try refused for want of a captcha is not
// counted; a successful sign-in clears its identity's tries and gives back
// its address's. Where the installation has no captcha, past a limit is
// error.tooManyAttempts. A wrong password answers no sooner than
// SignInFailureFloor after the try began, whether or not the login exists.
// An account that is not ACTIVE is not signed in.
func (s Service) Authenticate(ctx context.Context, in SignInInput) (SignInResult, error) {
	start := s.now()
	c := account.Checker{Object: "login"}
	// Nothing longer than an e-mail address names a login; refused before
	// the throttle and the audit log store it (and before the identity
	// provider hashes a password no login can have).
	c.MaxLength("username", in.Identifier, account.EmailMaxLength)
	c.MaxLength("password", in.Password, account.SignInPasswordMaxLength)
	if err := c.Err(); err != nil {
		return SignInResult{}, err
	}
	identifier := account.NormalizeIdentifier(in.Identifier)
	// NFKC may lengthen what it normalises (one ligature, many letters).
	c.MaxLength("username", identifier, account.EmailMaxLength)
	if identifier == "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "login", Field: "username", Rule: account.RuleRequired})
	}
	if in.Password == "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "login", Field: "password", Rule: account.RuleRequired})
	}
	if err := c.Err(); err != nil {
		return SignInResult{}, err
	}
	identityKey, err := s.signInKey(ctx, identifier)
	if err != nil {
		return SignInResult{}, err
	}
	addrKey := "addr:" + in.RemoteAddr
	keys := []string{identityKey, addrKey}
	allowed, err := s.Throttle.Attempt(ctx, keys, start)
	if err != nil {
		return SignInResult{}, err
	}
	if !allowed {
		if err := s.pastTheLimit(ctx, in); err != nil {
			// Refused before the password check: the try uses up no room.
			_ = s.Throttle.Refund(ctx, keys)
			s.audit(ctx, identifier, AuditSignInFailed, "reason", "throttled")
			return SignInResult{}, err
		}
	}

	session, err := s.Sessions.SignIn(ctx, identifier, in.Password)
	if err != nil {
		if failure.HasKey(err, account.KeyBadCredentials) {
			s.audit(ctx, identifier, AuditSignInFailed, "reason", "bad credentials")
			s.evenOut(ctx, start, s.SignInFailureFloor)
		}
		return SignInResult{}, err
	}
	user, err := s.Directory.Get(ctx, session.IdentityID)
	if err != nil {
		return SignInResult{}, err
	}
	if user.Status != account.Active {
		_ = s.Sessions.Revoke(ctx, session.Token)
		s.audit(ctx, user.Login, AuditSignInFailed, "reason", "status "+string(user.Status))
		return SignInResult{}, account.ErrNotActivated
	}
	_ = s.Throttle.Forget(ctx, []string{identityKey})
	_ = s.Throttle.Refund(ctx, []string{addrKey})

	skipUntil, err := s.MFA.SkipUntil(ctx, user.ID)
	if err != nil {
		return SignInResult{}, err
	}
	result := SignInResult{Token: session.Token, FeatureMFA: s.MFAEnabled, MFARegistered: user.HasSecondFactor}
	result.MFARequired = account.NeedsSecondFactor(s.MFAEnabled, user.HasSecondFactor, skipUntil, start)
	if result.MFARequired {
		err := s.MFA.MarkPending(ctx, PendingSignIn{
			TokenHash: TokenHash(session.Token), IdentityID: user.ID,
			RememberMe: in.RememberMe, ExpiresAt: start.Add(PendingSignInLifetime),
		})
		if err != nil {
			return SignInResult{}, err
		}
	}
	s.audit(ctx, user.Login, AuditSignIn, "mfaRequired", boolText(result.MFARequired))
	return result, nil
}

// pastTheLimit decides a sign-in past the limit of its login or address:
// it may go on with a solved captcha (each answer is taken once). Without
// a captcha configured it is refused.
func (s Service) pastTheLimit(ctx context.Context, in SignInInput) error {
	switch {
	case !s.Captcha.Enabled():
		return failure.New(failure.TooMany, account.KeyTooManyAttempts)
	case in.CaptchaToken == "":
		return failure.New(failure.TooMany, account.KeyCaptchaRequired)
	case s.Captcha.Verify(ctx, in.CaptchaToken, in.RemoteAddr) != nil:
		return failure.New(failure.Invalid, account.KeyCaptchaFailed)
	}
	return nil
}

// signInKey is the throttle key of the identity a sign-in names (in its
// normal form): its login and its e-mail address share one bucket. An
// identifier that names nobody is counted under its own name, so guessing
// logins is limited too, and answered alike.
func (s Service) signInKey(ctx context.Context, identifier string) (string, error) {
	find := s.Directory.FindByLogin
	if strings.Contains(identifier, "@") { // logins have no @ (spec 1 section 5)
		find = s.Directory.FindByEmail
	}
	u, err := find(ctx, identifier)
	switch {
	case failure.HasKey(err, account.KeyUserNotFound):
		return "login:name:" + identifier, nil
	case err != nil:
		return "", err
	}
	return identityThrottleKey(u.ID), nil
}

// identityThrottleKey is the bucket of guesses at one identity's password.
func identityThrottleKey(identityID string) string { return "login:" + identityID }

// audit records an event. A failing audit log must not fail the user's
// request; the lost event is logged instead.
func (s Service) audit(ctx context.Context, principal, kind string, data ...string) {
	e := AuditEvent{Principal: principal, Type: kind, At: s.now(), Data: map[string]string{}}
	for i := 0; i+1 < len(data); i += 2 {
		e.Data[data[i]] = data[i+1]
	}
	if err := s.Audit.Record(ctx, e); err != nil {
		slog.WarnContext(ctx, "audit event lost", "type", kind, "principal", principal, "error", err)
	}
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
