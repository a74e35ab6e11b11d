package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"parcelportal/adapters/rpc/rpctest"
)

// signInOverREST posts the sign-in form as a script does; header, when
// set, is the X-Captcha-Token. It answers the status, the problem's
// message key and the bearer.
func (p registrationPortal) signInOverREST(t *testing.T, username, password, captchaToken, header string) (int, string, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password, "reCaptchaToken": captchaToken})
	req, _ := http.NewRequest("POST", p.srv.URL+"/web/api/authenticate", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	if header != "" {
		req.Header.Set("X-Captcha-Token", header)
	}
	rsp, b := rpctest.Send(t, p.srv.Client(), req)
	var problem struct{ Message string }
	_ = json.Unmarshal(b, &problem)
	return rsp.StatusCode, problem.Message, strings.TrimPrefix(rsp.Header.Get("Authorization"), "Bearer ")
}

// The attack of issue 22 over REST against Kratos, Postgres and the
// portal's own captcha, wired as main wires them: after 5 wrong passwords
// the right one got 429, but " login" and "login\t" signed in at once,
// each with a bucket of its own, and anybody could lock the login out.
// Now every spelling is the login: past its limit it needs a solved
// captcha, whose answer counts once, and then signs in.
func TestSpellingsOfALoginNeedTheCaptchaPastItsLimitOverREST(t *testing.T) {
	p := newPortalWithCaptcha(t, "self-hosted")
	login := activeLogin(t, p.provider, "spell", "Right-Pass-1")
	for i := range throttlePerLogin {
		if code, key, _ := p.signInOverREST(t, login, "Wrong-Pass-1", "", ""); code != http.StatusUnauthorized || key != "error.badCredentials" {
			t.Fatalf("wrong password %d = %d %s", i+1, code, key)
		}
	}
	for _, spelling := range []string{login, " " + login, login + " ", "\t" + login, login + "\t", strings.ToUpper(login), "\u00a0" + login + "@example.org"} {
		if code, key, bearer := p.signInOverREST(t, spelling, "Right-Pass-1", "", ""); code != http.StatusTooManyRequests || key != "error.captchaRequired" || bearer != "" {
			t.Fatalf("%q without a captcha = %d %s (bearer %t); want 429 error.captchaRequired", spelling, code, key, bearer != "")
		}
	}
	// A wrong password with a solved captcha is wrong, and its answer is used up.
	answer := solveCaptcha(t, p)
	if code, key, _ := p.signInOverREST(t, " "+login, "Wrong-Pass-1", answer, ""); code != http.StatusUnauthorized || key != "error.badCredentials" {
		t.Fatalf("a wrong password with a solved captcha = %d %s", code, key)
	}
	if code, key, _ := p.signInOverREST(t, login, "Right-Pass-1", answer, ""); code != http.StatusBadRequest || key != "error.captcha" {
		t.Fatalf("the same captcha answer again = %d %s; want 400 error.captcha", code, key)
	}
	code, key, bearer := p.signInOverREST(t, login+"\t", "Right-Pass-1", "", solveCaptcha(t, p))
	if code != http.StatusOK || bearer == "" {
		t.Fatalf("the right password with a new answer in X-Captcha-Token = %d %s", code, key)
	}
	// Signed in: the login's tries are forgotten.
	if code, key, _ := p.signInOverREST(t, login, "Right-Pass-1", "", ""); code != http.StatusOK {
		t.Fatalf("the next sign-in = %d %s", code, key)
	}
}

// Issue 22: the address's bucket counted the tries it refused (55 of 50)
// and then refused a right password from the same address, which would
// lock out everybody behind one proxy. 55 parallel guesses from one
// address: 50 are checked and counted, 5 are asked for the captcha and not
// counted; a right password from there signs in with a solved captcha.
func TestABusyAddressAsksForTheCaptchaAndDoesNotLockOutOverREST(t *testing.T) {
	p := newPortalWithCaptcha(t, "self-hosted")
	login := activeLogin(t, p.provider, "office", "Right-Pass-1")
	const tries = throttlePerAddress + 5
	codes := make([]string, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() {
			code, key, _ := p.signInOverREST(t, fmt.Sprintf("guess%d-%s", i, randomHex(t)), "Wrong-Pass-1", "", "")
			codes[i] = fmt.Sprint(code, " ", key)
		})
	}
	wg.Wait()
	counts := map[string]int{}
	for _, c := range codes {
		counts[c]++
	}
	if counts["401 error.badCredentials"] != throttlePerAddress || counts["429 error.captchaRequired"] != 5 {
		t.Fatalf("%d parallel guesses from one address answered %v; want %d checked and 5 asked for the captcha", tries, counts, throttlePerAddress)
	}
	attempts := func() int {
		var n int
		err := p.links.Pool.QueryRow(context.Background(), `SELECT attempts FROM throttle_attempt WHERE key = 'addr:127.0.0.1'`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := attempts(); n != throttlePerAddress {
		t.Fatalf("the address counted %d tries, want the %d checked ones", n, throttlePerAddress)
	}
	if code, key, _ := p.signInOverREST(t, login, "Right-Pass-1", "", ""); code != http.StatusTooManyRequests || key != "error.captchaRequired" {
		t.Fatalf("the right password from the busy address without a captcha = %d %s", code, key)
	}
	if code, key, bearer := p.signInOverREST(t, login, "Right-Pass-1", solveCaptcha(t, p), ""); code != http.StatusOK || bearer == "" {
		t.Fatalf("the right password from the busy address with a captcha = %d %s; want signed in", code, key)
	}
	if n := attempts(); n != throttlePerAddress {
		t.Fatalf("after the sign-in the address counts %d tries, want still %d", n, throttlePerAddress)
	}
}
