package kratos

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/core/account"
)

// Mails are Kratos' own: its code-based verification (activation) and
// recovery (reset) flows, sent by its courier with the templates in
// dev/kratos/mail-templates, which turn flow and code into a key in a link
// to the portal. The keys:
//
//	activation  {identity id}.{verification flow id}.{code}
//	reset       {recovery flow id}.{code}
var codePattern = regexp.MustCompile(`^[0-9]{1,12}$`)

// Flow states after a code was accepted.
const (
	statePassedChallenge = "passed_challenge"
	stateSentEmail       = "sent_email"
)

// mailPayload is the transient payload of every flow that may mail.
func (p *Provider) mailPayload() map[string]any {
	return map[string]any{"portalUrl": p.portalURL}
}

// SendActivation starts a verification flow for the user's address; Kratos
// mails the code if the address belongs to an identity.
func (p *Provider) SendActivation(ctx context.Context, u account.User) error {
	flow, rsp, err := p.public.FrontendAPI.CreateNativeVerificationFlow(ctx).Execute()
	if err != nil {
		return fmt.Errorf("kratos: create verification flow: %w", answerOf(rsp, err).err)
	}
	body := ory.UpdateVerificationFlowWithCodeMethodAsUpdateVerificationFlowBody(&ory.UpdateVerificationFlowWithCodeMethod{
		Method: "code", Email: &u.Email, TransientPayload: p.mailPayload(),
	})
	sent, rsp, err := p.public.FrontendAPI.UpdateVerificationFlow(ctx).Flow(flow.Id).UpdateVerificationFlowBody(body).Execute()
	return codeSent("verification", sent.GetState(), rsp, err)
}

// ConfirmActivation submits the key's code to its verification flow.
//
// Kratos' answer does not say whose address it verified, and the identity
// id in the key is only what the mail said. So the adapter trusts that id
// only if one of that identity's addresses was verified by this very
// submission (its verified_at changed); a key whose identity id was
// swapped for another's is invalid.
func (p *Provider) ConfirmActivation(ctx context.Context, key string) (string, error) {
	parts := strings.Split(key, ".")
	if len(parts) != 3 || !idPattern.MatchString(parts[0]) || !idPattern.MatchString(parts[1]) || !codePattern.MatchString(parts[2]) {
		return "", account.ErrInvalidKey
	}
	identityID, flowID, code := parts[0], parts[1], parts[2]
	before, err := p.verifiedAt(ctx, identityID)
	if err != nil {
		return "", err
	}
	body := ory.UpdateVerificationFlowWithCodeMethodAsUpdateVerificationFlowBody(&ory.UpdateVerificationFlowWithCodeMethod{
		Method: "code", Code: &code,
	})
	flow, rsp, err := p.public.FrontendAPI.UpdateVerificationFlow(ctx).Flow(flowID).UpdateVerificationFlowBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.refused() {
			// Unknown, expired or spent flow.
			return "", a.as(account.ErrInvalidKey)
		}
		return "", fmt.Errorf("kratos: verify address: %w", a.err)
	}
	if fmt.Sprint(flow.State) != statePassedChallenge {
		return "", account.ErrInvalidKey // wrong or spent code
	}
	after, err := p.verifiedAt(ctx, identityID)
	if err != nil {
		return "", err
	}
	for address, at := range after {
		if !at.Equal(before[address]) {
			return identityID, nil
		}
	}
	return "", account.ErrInvalidKey
}

// verifiedAt maps each address of the identity to when it was last
// verified (zero if never). An unknown identity makes the key invalid.
func (p *Provider) verifiedAt(ctx context.Context, identityID string) (map[string]time.Time, error) {
	i, rsp, err := p.admin.IdentityAPI.GetIdentity(ctx, identityID).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.refused() {
			return nil, a.as(account.ErrInvalidKey)
		}
		return nil, fmt.Errorf("kratos: get identity %s: %w", identityID, a.err)
	}
	at := map[string]time.Time{}
	for _, a := range i.VerifiableAddresses {
		at[a.Value] = a.GetVerifiedAt()
	}
	return at, nil
}

// SendReset starts a recovery flow for the address. Kratos mails the code
// only if the address belongs to an identity (notify_unknown_recipients is
// false), and answers the same either way.
func (p *Provider) SendReset(ctx context.Context, email string) error {
	flow, rsp, err := p.public.FrontendAPI.CreateNativeRecoveryFlow(ctx).Execute()
	if err != nil {
		return fmt.Errorf("kratos: create recovery flow: %w", answerOf(rsp, err).err)
	}
	// The recovery mail's model has no flow id; the template takes it from here.
	payload := p.mailPayload()
	payload["flow"] = flow.Id
	body := ory.UpdateRecoveryFlowWithCodeMethodAsUpdateRecoveryFlowBody(&ory.UpdateRecoveryFlowWithCodeMethod{
		Method: "code", Email: &email, TransientPayload: payload,
	})
	sent, rsp, err := p.public.FrontendAPI.UpdateRecoveryFlow(ctx).Flow(flow.Id).UpdateRecoveryFlowBody(body).Execute()
	return codeSent("recovery", sent.GetState(), rsp, err)
}

// ConfirmReset submits the key's code to its recovery flow. Kratos answers
// with a session of the recovered identity, which tells whose key it was;
// the adapter ends that session at once, since the portal sets the new
// password through the admin API.
func (p *Provider) ConfirmReset(ctx context.Context, key string) (string, error) {
	flowID, code, ok := strings.Cut(key, ".")
	if !ok || !idPattern.MatchString(flowID) || !codePattern.MatchString(code) {
		return "", account.ErrInvalidKey
	}
	body := ory.UpdateRecoveryFlowWithCodeMethodAsUpdateRecoveryFlowBody(&ory.UpdateRecoveryFlowWithCodeMethod{
		Method: "code", Code: &code,
	})
	flow, rsp, err := p.public.FrontendAPI.UpdateRecoveryFlow(ctx).Flow(flowID).UpdateRecoveryFlowBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.refused() {
			return "", a.as(account.ErrInvalidKey)
		}
		return "", fmt.Errorf("kratos: recover: %w", a.err)
	}
	token := ""
	for _, c := range flow.ContinueWith {
		if s := c.ContinueWithSetOrySessionToken; s != nil {
			token = s.OrySessionToken
		}
	}
	if token == "" {
		return "", account.ErrInvalidKey // wrong or spent code: the flow asks again
	}
	s, err := p.Resolve(ctx, token)
	if err != nil {
		return "", err
	}
	if err := p.Revoke(ctx, token); err != nil {
		return "", err
	}
	return s.IdentityID, nil
}
