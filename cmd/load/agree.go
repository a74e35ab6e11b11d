package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// agree checks that two portals of one installation agree where a process
// could keep state of its own: a bearer signed out on a is refused by b at
// once, though b had cached it (the session cache), and a captcha issued
// by a is accepted by b, and only once (the captcha key and its answers).
func agree(ctx context.Context, a, b *client, out io.Writer) error {
	bearer, err := a.signIn(ctx)
	if err != nil {
		return fmt.Errorf("sign in on %s: %w", a.url, err)
	}
	if err := b.get(ctx, bearer, "/web/api/account"); err != nil {
		return fmt.Errorf("the account on %s with a bearer of %s: %w", b.url, a.url, err)
	}
	if _, err := a.accounts.Logout(ctx, bearing(&portalv1.LogoutRequest{}, bearer)); err != nil {
		return fmt.Errorf("sign out on %s: %w", a.url, err)
	}
	if _, err := b.accounts.GetAccount(ctx, bearing(&portalv1.GetAccountRequest{}, bearer)); connect.CodeOf(err) != connect.CodeUnauthenticated {
		return fmt.Errorf("the account on %s right after signing out on %s: %v; want unauthenticated", b.url, a.url, err)
	}
	fmt.Fprintf(out, "agree: signed out on %s, refused on %s at once\n", a.url, b.url)

	token, err := a.solveCaptcha(ctx)
	if err != nil {
		return err
	}
	if code, err := b.resetPassword(ctx, token); err != nil || code != http.StatusOK {
		return fmt.Errorf("a captcha of %s on %s: %d %v; want 200", a.url, b.url, code, err)
	}
	if code, err := a.resetPassword(ctx, token); err != nil || code != http.StatusBadRequest {
		return fmt.Errorf("the same captcha answer again on %s: %d %v; want 400", a.url, code, err)
	}
	fmt.Fprintf(out, "agree: a captcha issued by %s accepted by %s, its replay refused\n", a.url, b.url)
	return nil
}

// solveCaptcha fetches a challenge and searches its number as the webapp does.
func (c *client) solveCaptcha(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+"/web/api/captcha/challenge", nil)
	if err != nil {
		return "", err
	}
	rsp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer rsp.Body.Close()
	var ch struct {
		Algorithm, Challenge, Salt, Signature string
		Maxnumber                             json.Number
	}
	if err := json.NewDecoder(rsp.Body).Decode(&ch); err != nil || rsp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("captcha challenge on %s: %s %v (is the captcha on?)", c.url, rsp.Status, err)
	}
	maxNumber, _ := ch.Maxnumber.Int64()
	for n := int64(0); n <= maxNumber; n++ {
		sum := sha256.Sum256([]byte(ch.Salt + strconv.FormatInt(n, 10)))
		if hex.EncodeToString(sum[:]) == ch.Challenge {
			token, err := json.Marshal(map[string]any{"algorithm": ch.Algorithm, "challenge": ch.Challenge, "number": n, "salt": ch.Salt, "signature": ch.Signature})
			return base64.StdEncoding.EncodeToString(token), err
		}
	}
	return "", fmt.Errorf("no number solves the challenge of %s", c.url)
}

// resetPassword asks for a password reset of a made-up address, which
// needs a solved captcha; it answers the status.
func (c *client) resetPassword(ctx context.Context, token string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/web/api/account/reset-password/init", strings.NewReader("scale-"+rand.Text()+"@example.org"))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("X-Captcha-Token", token)
	rsp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer rsp.Body.Close()
	_, _ = io.Copy(io.Discard, rsp.Body)
	return rsp.StatusCode, nil
}
