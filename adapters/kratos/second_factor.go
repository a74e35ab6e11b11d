package kratos

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// Ids of the settings flow's UI nodes that carry a new TOTP device.
const (
	totpQRNode     = "totp_qr"
	totpSecretNode = "totp_secret_key"
)

// Device registrations the contract leaves open and Kratos refuses.
var (
	errHasDevice = errors.New("kratos: the settings flow offers no new TOTP device: the user has one already")
	errNoSetup   = errors.New("kratos: Register without a pending Setup for this user")
)

// Setup starts a settings flow for the session; Kratos puts a new TOTP
// secret and its QR image on it. Only that flow can link the secret, so
// its id goes into the identity's metadata_admin for Register, which may
// run in another process; a later Setup replaces it.
func (p *Provider) Setup(ctx context.Context, token string) ([]byte, string, error) {
	flow, rsp, err := p.public.FrontendAPI.CreateNativeSettingsFlow(ctx).XSessionToken(token).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusUnauthorized {
			return nil, "", a.as(account.ErrBadCredentials)
		}
		return nil, "", fmt.Errorf("kratos: create settings flow: %w", a.err)
	}
	qr, secret, err := newDeviceOf(flow.Ui)
	if err != nil {
		return nil, "", err
	}
	// A patch of this one member: a whole-identity write could undo an
	// admin's change made since anybody read the identity.
	if _, _, err := p.patch(ctx, flow.Identity.Id, []ory.JsonPatch{add("/metadata_admin/totpSetupFlow", flow.Id)}); err != nil {
		return nil, "", err
	}
	return qr, secret, nil
}

// Register submits the code to the settings flow of the user's Setup.
// Kratos then links the device and raises this session to aal2. Kratos
// accepts the submission only within settings.privileged_session_max_age
// (15 minutes) of the sign-in; after that the answer is
// account.ErrBadCredentials: sign in again.
func (p *Provider) Register(ctx context.Context, token, code string) error {
	s, err := p.Resolve(ctx, token)
	if err != nil {
		return err
	}
	r, err := p.record(ctx, s.IdentityID)
	if err != nil {
		return err
	}
	if r.metadata.TOTPSetupFlow == "" {
		return errNoSetup
	}
	// The payload: on success Kratos mails a verification code to any
	// address still pending, and the template needs the portal's URL.
	body := ory.UpdateSettingsFlowWithTotpMethodAsUpdateSettingsFlowBody(&ory.UpdateSettingsFlowWithTotpMethod{
		Method: "totp", TotpCode: &code, TransientPayload: p.mailPayload(),
	})
	_, rsp, err := p.public.FrontendAPI.UpdateSettingsFlow(ctx).Flow(r.metadata.TOTPSetupFlow).
		XSessionToken(token).UpdateSettingsFlowBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch {
		case a.says(msgWrongTOTPCode):
			return a.as(account.ErrWrongCode)
		case a.errorID == errSessionRefreshRequired, a.status == http.StatusUnauthorized:
			return a.as(account.ErrBadCredentials)
		}
		return fmt.Errorf("kratos: link TOTP device: %w", a.err)
	}
	_, _, err = p.patch(ctx, s.IdentityID, []ory.JsonPatch{add("/metadata_admin/totpSetupFlow", "")})
	return err
}

// Verify runs a login flow at aal2 for the session with the TOTP method;
// Kratos raises the same session (same token) to aal2.
func (p *Provider) Verify(ctx context.Context, token, code string) (identity.Session, error) {
	flow, rsp, err := p.public.FrontendAPI.CreateNativeLoginFlow(ctx).Aal(aal2).XSessionToken(token).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch {
		case a.errorID == errSessionAlreadyAvailable:
			// The session proved a code already (Register or an earlier Verify).
			return p.Resolve(ctx, token)
		case a.status == http.StatusUnauthorized:
			return identity.Session{}, a.as(account.ErrBadCredentials)
		}
		return identity.Session{}, fmt.Errorf("kratos: create aal2 login flow: %w", a.err)
	}
	body := ory.UpdateLoginFlowWithTotpMethodAsUpdateLoginFlowBody(ory.NewUpdateLoginFlowWithTotpMethod("totp", code))
	done, rsp, err := p.public.FrontendAPI.UpdateLoginFlow(ctx).Flow(flow.Id).XSessionToken(token).
		UpdateLoginFlowBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch {
		case a.says(msgWrongTOTPCode):
			return identity.Session{}, a.as(account.ErrWrongCode)
		case a.status == http.StatusUnauthorized:
			return identity.Session{}, a.as(account.ErrBadCredentials)
		}
		return identity.Session{}, fmt.Errorf("kratos: TOTP login: %w", a.err)
	}
	if t := done.GetSessionToken(); t != "" {
		token = t
	}
	return sessionOf(token, done.Session)
}

// newDeviceOf reads the QR image (a PNG data URI) and the secret from the
// TOTP nodes of a settings flow.
func newDeviceOf(ui ory.UiContainer) (qr []byte, secret string, err error) {
	var src string
	for _, n := range ui.Nodes {
		if img := n.Attributes.UiNodeImageAttributes; img != nil && img.Id == totpQRNode {
			src = img.Src
		}
		if text := n.Attributes.UiNodeTextAttributes; text != nil && text.Id == totpSecretNode {
			secret = text.Text.Text
		}
	}
	if src == "" || secret == "" {
		return nil, "", errHasDevice
	}
	encoded, ok := strings.CutPrefix(src, "data:image/png;base64,")
	if !ok {
		return nil, "", fmt.Errorf("kratos: the TOTP QR image is no PNG data URI: %.40s", src)
	}
	qr, err = base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		return nil, "", fmt.Errorf("kratos: the TOTP QR image: %w", err)
	}
	return qr, secret, nil
}
