package rpc

import (
	"context"
	"net/http"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

// AccountHandler serves portal.v1.AccountService.
type AccountHandler struct {
	Identity identity.Service
	auth     *authenticator
}

// Authenticate signs in and sends the bearer in the Authorization header.
// The captcha answer, needed past a limit, comes in the body or, as for
// reset requests, in the X-Captcha-Token header.
func (h AccountHandler) Authenticate(ctx context.Context, req *connect.Request[portalv1.AuthenticateRequest]) (*connect.Response[portalv1.AuthenticateResponse], error) {
	res, err := h.Identity.Authenticate(ctx, identity.SignInInput{
		Identifier: req.Msg.GetUsername(), Password: req.Msg.GetPassword(),
		RememberMe: req.Msg.GetRememberMe(), RemoteAddr: remoteAddr(ctx),
		CaptchaToken: captchaTokenOf(req.Msg.GetReCaptchaToken(), req.Header()),
	})
	if err != nil {
		return nil, err
	}
	out := connect.NewResponse(&portalv1.AuthenticateResponse{
		MfaEnabled: res.MFARequired, FeatureMfaEnabled: res.FeatureMFA, MfaRegistered: res.MFARegistered,
	})
	out.Header().Set("Authorization", "Bearer "+res.Token)
	return out, nil
}

// VerifyMfaCode completes sign-in with a code.
func (h AccountHandler) VerifyMfaCode(ctx context.Context, req *connect.Request[portalv1.VerifyMfaCodeRequest]) (*connect.Response[portalv1.VerifyMfaCodeResponse], error) {
	token := tokenFrom(ctx)
	res, err := h.Identity.VerifyMFACode(ctx, token, req.Msg.GetCode())
	// Finished, or ended after too many codes: either way the cached state is stale.
	h.auth.forget(ctx, token)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.VerifyMfaCodeResponse{IdToken: res.Token, RememberMe: res.RememberMe}), nil
}

// SkipMfa completes sign-in without a device.
func (h AccountHandler) SkipMfa(ctx context.Context, req *connect.Request[portalv1.SkipMfaRequest]) (*connect.Response[portalv1.SkipMfaResponse], error) {
	token := tokenFrom(ctx)
	res, err := h.Identity.SkipMFA(ctx, token, int(req.Msg.GetSkipDays()))
	if err != nil {
		return nil, err
	}
	h.auth.forget(ctx, token)
	return connect.NewResponse(&portalv1.SkipMfaResponse{IdToken: res.Token, RememberMe: res.RememberMe}), nil
}

// GetMfaRegistrationCode returns the QR image; the x-totp-secret header
// carries the key for people who cannot scan.
func (h AccountHandler) GetMfaRegistrationCode(ctx context.Context, _ *connect.Request[portalv1.GetMfaRegistrationCodeRequest]) (*connect.Response[portalv1.GetMfaRegistrationCodeResponse], error) {
	png, secret, err := h.Identity.MFARegistrationCode(ctx, tokenFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := connect.NewResponse(&portalv1.GetMfaRegistrationCodeResponse{Image: &httpbody.HttpBody{ContentType: "image/png", Data: png}})
	out.Header().Set("x-totp-secret", secret)
	out.Header().Set("Cache-Control", "no-store")
	return out, nil
}

// GetAccount returns the signed-in user: as read with the session, which the
// session cache keeps (every page asks for it; asking Kratos each time held
// the call to about 400 a second), else from the directory.
func (h AccountHandler) GetAccount(ctx context.Context, _ *connect.Request[portalv1.GetAccountRequest]) (*connect.Response[portalv1.GetAccountResponse], error) {
	caller := callerFrom(ctx)
	var u account.User
	var err error
	if resolved, ok := sessionUserFrom(ctx); ok {
		u, err = h.Identity.SessionAccount(caller, resolved)
	} else {
		u, err = h.Identity.GetAccount(ctx, caller)
	}
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetAccountResponse{Account: accountToProto(u)}), nil
}

// SaveAccount changes the signed-in user's profile.
func (h AccountHandler) SaveAccount(ctx context.Context, req *connect.Request[portalv1.SaveAccountRequest]) (*connect.Response[portalv1.SaveAccountResponse], error) {
	caller := callerFrom(ctx)
	a := req.Msg.GetAccount()
	u, err := h.Identity.SaveAccount(ctx, caller, identity.ProfileChange{
		FirstName: a.GetFirstName(), LastName: a.GetLastName(), Email: a.GetEmail(), LangKey: a.GetLangKey(),
		CurrentPassword: a.GetCurrentPassword(),
	})
	if err != nil {
		return nil, err
	}
	// The sessions resolved before carry the old profile (GetAccount).
	h.auth.forgetIdentity(ctx, caller.IdentityID)
	return connect.NewResponse(&portalv1.SaveAccountResponse{Account: accountToProto(u)}), nil
}

// ChangePassword replaces the signed-in user's password.
func (h AccountHandler) ChangePassword(ctx context.Context, req *connect.Request[portalv1.ChangePasswordRequest]) (*connect.Response[portalv1.ChangePasswordResponse], error) {
	caller := callerFrom(ctx)
	if err := h.Identity.ChangePassword(ctx, caller, tokenFrom(ctx), req.Msg.GetCurrentPassword(), req.Msg.GetNewPassword()); err != nil {
		return nil, err
	}
	// The login's other sessions ended: none may live on in this cache.
	h.auth.forgetIdentity(ctx, caller.IdentityID)
	return connect.NewResponse(&portalv1.ChangePasswordResponse{}), nil
}

// Register asks for a login.
func (h AccountHandler) Register(ctx context.Context, req *connect.Request[portalv1.RegisterRequest]) (*connect.Response[portalv1.RegisterResponse], error) {
	m := req.Msg
	err := h.Identity.Register(ctx, identity.RegisterInput{
		Registration: account.Registration{
			Login: m.GetLogin(), Email: m.GetEmail(), Password: m.GetPassword(), RequestReason: m.GetRequestReason(),
			CRMID: m.GetCrmId(), LangKey: m.GetLangKey(), CaptchaToken: m.GetReCaptchaToken(),
		},
		RemoteAddr: remoteAddr(ctx),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.RegisterResponse{}), nil
}

// Activate confirms the e-mail address.
func (h AccountHandler) Activate(ctx context.Context, req *connect.Request[portalv1.ActivateRequest]) (*connect.Response[portalv1.ActivateResponse], error) {
	if err := h.Identity.Activate(ctx, req.Msg.GetKey()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ActivateResponse{}), nil
}

// captchaHeader carries the captcha answer of a REST reset request, whose
// body is the address itself. (Vanguard drops the query string of a request
// whose body is a google.api.HttpBody, so a query parameter cannot carry it.)
const captchaHeader = "X-Captcha-Token"

// captchaTokenOf is the captcha answer of the message, else of the header.
func captchaTokenOf(inMessage string, header http.Header) string {
	if inMessage != "" {
		return inMessage
	}
	return header.Get(captchaHeader)
}

// RequestPasswordReset mails a reset key; over REST the captcha answer comes
// in the X-Captcha-Token header, since the body is the address.
func (h AccountHandler) RequestPasswordReset(ctx context.Context, req *connect.Request[portalv1.RequestPasswordResetRequest]) (*connect.Response[portalv1.RequestPasswordResetResponse], error) {
	err := h.Identity.RequestPasswordReset(ctx, identity.ResetRequest{
		Email:        string(req.Msg.GetEmail().GetData()),
		CaptchaToken: captchaTokenOf(req.Msg.GetReCaptchaToken(), req.Header()), RemoteAddr: remoteAddr(ctx),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.RequestPasswordResetResponse{}), nil
}

// FinishPasswordReset sets a new password with the mailed key.
func (h AccountHandler) FinishPasswordReset(ctx context.Context, req *connect.Request[portalv1.FinishPasswordResetRequest]) (*connect.Response[portalv1.FinishPasswordResetResponse], error) {
	if err := h.Identity.FinishPasswordReset(ctx, req.Msg.GetKey(), req.Msg.GetNewPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.FinishPasswordResetResponse{}), nil
}

// Logout revokes the caller's session.
func (h AccountHandler) Logout(ctx context.Context, _ *connect.Request[portalv1.LogoutRequest]) (*connect.Response[portalv1.LogoutResponse], error) {
	caller := callerFrom(ctx)
	token := tokenFrom(ctx)
	// Revoked first, then dropped: a request resolving the bearer meanwhile
	// either sees it revoked or is not cached (see callerCache).
	err := h.Identity.Logout(ctx, caller, token)
	h.auth.forget(ctx, token)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.LogoutResponse{}), nil
}

func accountToProto(u account.User) *portalv1.Account {
	return &portalv1.Account{
		Login: u.Login, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, LangKey: u.LangKey,
		Authorities: rolesToProto(u.Roles), ActivationStatus: given(activationStatusToProto(u.Status)), MfaRegistered: u.HasSecondFactor,
	}
}

func rolesToStrings(roles []access.Role) []string {
	out := make([]string, len(roles))
	for i, r := range roles {
		out[i] = string(r)
	}
	return out
}
