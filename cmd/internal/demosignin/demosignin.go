// Package demosignin signs the harnesses (cmd/load, cmd/chaos) in as a demo
// login over the portal's own Connect API, as the webapp does.
package demosignin

import (
	"context"
	"fmt"
	"strings"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
)

// SignIn signs in through the portal (Kratos' API flow behind it) and skips
// the second factor for a week where the portal asks for it, answering the
// bearer to send.
func SignIn(ctx context.Context, accounts portalv1connect.AccountServiceClient, login, password string) (string, error) {
	rsp, err := accounts.Authenticate(ctx, connect.NewRequest(&portalv1.AuthenticateRequest{Username: login, Password: password}))
	if err != nil {
		return "", err
	}
	bearer := strings.TrimPrefix(rsp.Header().Get("Authorization"), "Bearer ")
	if !rsp.Msg.GetMfaEnabled() {
		return bearer, nil
	}
	skipped, err := accounts.SkipMfa(ctx, Bearing(&portalv1.SkipMfaRequest{SkipDays: 7}, bearer))
	if err != nil {
		return "", fmt.Errorf("skip the second factor: %w", err)
	}
	return skipped.Msg.GetIdToken(), nil
}

// Bearing is a Connect request that carries the bearer.
func Bearing[T any](msg *T, bearer string) *connect.Request[T] {
	r := connect.NewRequest(msg)
	r.Header().Set("Authorization", "Bearer "+bearer)
	return r
}
