package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/captcha"
	"parcelportal/core/failure"
)

// ChallengeIssuer hands out captcha challenges; nil when the installation
// asks for no captcha.
type ChallengeIssuer interface {
	NewChallenge() (captcha.Challenge, error)
}

// CaptchaHandler serves portal.v1.CaptchaService.
type CaptchaHandler struct{ Issuer ChallengeIssuer }

// GetChallenge returns a fresh challenge.
func (h CaptchaHandler) GetChallenge(ctx context.Context, _ *connect.Request[portalv1.GetChallengeRequest]) (*connect.Response[portalv1.GetChallengeResponse], error) {
	if h.Issuer == nil {
		return nil, failure.New(failure.NotFound, "error.captcha.off")
	}
	c, err := h.Issuer.NewChallenge()
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&portalv1.GetChallengeResponse{Challenge: &portalv1.CaptchaChallenge{
		Algorithm: c.Algorithm, Challenge: c.Challenge, Maxnumber: int32(c.MaxNumber), Salt: c.Salt, Signature: c.Signature,
	}})
	res.Header().Set("Cache-Control", "no-store")
	return res, nil
}
