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

// Authenticate signs in with login or e-mail and password. Attempts are
// counted before the password is checked, per identity (login and e-mail
// alike) and per address, and written to the audit log; an
// account that is not ACTIVE is not signed in.
func (s Service) Authenticate(ctx context.Context, in SignInInput) (SignInResult, error) {
	c := account.Checker{Object: "login"}
	if in.Identifier == "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "login", Field: "username", Rule: account.RuleRequired})
	}
	if in.Password == "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "login", Field: "password", Rule: account.RuleRequired})
	}
	if err := c.Err(); err != nil {
		return SignInResult{}, err
	}
	now := s.now()
	identityKey, err := s.signInKey(ctx, in.Identifier)
	if err != nil {
		return SignInResult{}, err
	}
	addrKey := "addr:" + in.RemoteAddr
	allowed, err := s.Throttle.Attempt(ctx, []string{identityKey, addrKey}, now)
	if err != nil {
		return SignInResult{}, err
	}
	if !allowed {
		s.audit(ctx, in.Identifier, AuditSignInFailed, "reason", "throttled")
		return SignInResult{}, failure.New(failure.TooMany, account.KeyTooManyAttempts)
	}

	session, err := s.Sessions.SignIn(ctx, in.Identifier, in.Password)
	if err != nil {
		if failure.HasKey(err, account.KeyBadCredentials) {
			s.audit(ctx, in.Identifier, AuditSignInFailed, "reason", "bad credentials")
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
	result.MFARequired = account.NeedsSecondFactor(s.MFAEnabled, user.HasSecondFactor, skipUntil, now)
	if result.MFARequired {
		err := s.MFA.MarkPending(ctx, PendingSignIn{
			TokenHash: TokenHash(session.Token), IdentityID: user.ID,
			RememberMe: in.RememberMe, ExpiresAt: now.Add(PendingSignInLifetime),
		})
		if err != nil {
			return SignInResult{}, err
		}
	}
	s.audit(ctx, user.Login, AuditSignIn, "mfaRequired", boolText(result.MFARequired))
	return result, nil
}

// signInKey is the throttle key of the identity a sign-in names: its
// login and its e-mail address share one bucket. An identifier that names
// nobody is counted under its own name, so guessing logins is limited too.
func (s Service) signInKey(ctx context.Context, identifier string) (string, error) {
	find := s.Directory.FindByLogin
	if strings.Contains(identifier, "@") { // logins have no @ (spec 1 section 5)
		find = s.Directory.FindByEmail
	}
	u, err := find(ctx, identifier)
	switch {
	case failure.HasKey(err, account.KeyUserNotFound):
		return "login:name:" + strings.ToLower(identifier), nil
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
