package kratos

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/app/identity"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// aal2 is the assurance level of a session that proved a second factor.
const aal2 = "aal2"

// SignIn runs Kratos' API login flow with the password method; the
// identifier is the login or the e-mail address (both are password
// identifiers in the identity schema, stored in lower case).
func (p *Provider) SignIn(ctx context.Context, identifier, password string) (identity.Session, error) {
	flow, rsp, err := p.public.FrontendAPI.CreateNativeLoginFlow(ctx).Execute()
	if err != nil {
		return identity.Session{}, fmt.Errorf("kratos: create login flow: %w", answerOf(rsp, err).err)
	}
	body := ory.UpdateLoginFlowWithPasswordMethodAsUpdateLoginFlowBody(
		ory.NewUpdateLoginFlowWithPasswordMethod(identifier, "password", password))
	done, rsp, err := p.public.FrontendAPI.UpdateLoginFlow(ctx).Flow(flow.Id).UpdateLoginFlowBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch a.status {
		case http.StatusBadRequest:
			// Wrong password, unknown identifier and empty fields alike.
			return identity.Session{}, a.as(account.ErrBadCredentials)
		case http.StatusUnauthorized:
			// The password was right but the identity's state is inactive,
			// which only someone working in Kratos directly sets.
			return identity.Session{}, a.as(account.ErrNotActivated)
		}
		return identity.Session{}, fmt.Errorf("kratos: password login: %w", a.err)
	}
	return sessionOf(done.GetSessionToken(), done.Session)
}

// Resolve asks whoami who the token's session is. Kratos' whoami must
// accept aal1 (see Provider): a session that owes its second factor then
// resolves with SecondFactor false instead of being refused.
func (p *Provider) Resolve(ctx context.Context, token string) (identity.Session, error) {
	s, rsp, err := p.public.FrontendAPI.ToSession(ctx).XSessionToken(token).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusUnauthorized {
			// Kratos answers 401 also when its database is away: the session
			// is then unknown, not absent, and the caller must not be signed
			// out (nor the bearer remembered as unknown).
			if notReady := p.ready.Check(ctx); notReady != nil {
				return identity.Session{}, &failure.Error{Kind: failure.Unavailable, Key: account.KeyIdentityUnavailable,
					Cause: fmt.Errorf("kratos: whoami 401 while not ready: %w", notReady)}
			}
			return identity.Session{}, a.as(account.ErrBadCredentials)
		}
		return identity.Session{}, fmt.Errorf("kratos: whoami (is session.whoami.required_aal aal1?): %w", a.err)
	}
	return sessionOf(token, *s)
}

// Revoke logs the token's session out. Kratos answers 403 for a token that
// names no session, which is what the caller wants anyway.
func (p *Provider) Revoke(ctx context.Context, token string) error {
	rsp, err := p.public.FrontendAPI.PerformNativeLogout(ctx).
		PerformNativeLogoutBody(*ory.NewPerformNativeLogoutBody(token)).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusForbidden {
			return nil
		}
		return fmt.Errorf("kratos: logout: %w", a.err)
	}
	return nil
}

// RevokeOthers ends every other session of the token's identity (Kratos'
// DELETE /sessions for the token's session).
func (p *Provider) RevokeOthers(ctx context.Context, token string) error {
	_, rsp, err := p.public.FrontendAPI.DisableMyOtherSessions(ctx).XSessionToken(token).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusUnauthorized {
			return a.as(account.ErrBadCredentials)
		}
		return fmt.Errorf("kratos: revoke other sessions: %w", a.err)
	}
	return nil
}

// sessionOf is the portal's view of a Kratos session.
func sessionOf(token string, s ory.Session) (identity.Session, error) {
	if s.Identity == nil {
		return identity.Session{}, errors.New("kratos: the session names no identity (is session.whoami.required_aal aal1?)")
	}
	return identity.Session{
		Token:        token,
		IdentityID:   s.Identity.Id,
		SecondFactor: string(s.GetAuthenticatorAssuranceLevel()) == aal2,
		ExpiresAt:    s.GetExpiresAt(),
	}, nil
}
