package captcha

import (
	"encoding/base64"
	"testing"
	"time"
)

var (
	key = []byte("0123456789abcdef0123456789abcdef")
	now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
)

func TestSolvedChallengePasses(t *testing.T) {
	c := NewChallenge(key, "a1b2c3", 4242, 10000, now.Add(5*time.Minute))
	s, ok := Solve(c)
	if !ok || s.Number != 4242 {
		t.Fatalf("Solve = %+v, %v", s, ok)
	}
	got, ok := Check(key, s.Token(), now)
	if !ok || got != c.Challenge {
		t.Fatalf("Check = %q, %v", got, ok)
	}
}

func TestForgedOrStaleAnswersFail(t *testing.T) {
	c := NewChallenge(key, "a1b2c3", 17, 100, now.Add(5*time.Minute))
	good, _ := Solve(c)
	cases := map[string]func(s Solution) (string, time.Time){
		"wrong number": func(s Solution) (string, time.Time) { s.Number++; return s.Token(), now },
		"expired":      func(s Solution) (string, time.Time) { return s.Token(), now.Add(6 * time.Minute) },
		"other key signed": func(s Solution) (string, time.Time) {
			s.Signature = sign([]byte("other"), s.Challenge)
			return s.Token(), now
		},
		"moved expiry":    func(s Solution) (string, time.Time) { s.Salt = "a1b2c3?expires=9999999999"; return s.Token(), now },
		"other algorithm": func(s Solution) (string, time.Time) { s.Algorithm = "MD5"; return s.Token(), now },
		"not base64":      func(Solution) (string, time.Time) { return "%%%", now },
		"not json":        func(Solution) (string, time.Time) { return base64.StdEncoding.EncodeToString([]byte("x")), now },
		"empty":           func(Solution) (string, time.Time) { return "", now },
	}
	for name, tamper := range cases {
		token, at := tamper(good)
		if _, ok := Check(key, token, at); ok {
			t.Errorf("%s: accepted", name)
		}
	}
}
