// Package captcha is the portal's self-hosted captcha: a proof of work. The
// server hands out a signed challenge, the browser searches for the number
// whose hash matches it (a second or so of work, invisible to people,
// costly for bulk scripts), and the server checks the answer once.
// Nothing is sent to a third party.
package captcha

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Algorithm names the hash the browser uses.
const Algorithm = "SHA-256"

// Challenge is what the browser solves. Salt carries the expiry so that the
// signature covers it.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int    `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Solution is the browser's answer, sent base64-encoded as the captcha token.
type Solution struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int    `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// NewChallenge builds a challenge whose answer is number, valid until
// expires. randomSalt must be unpredictable; number must be at most maxNumber.
func NewChallenge(key []byte, randomSalt string, number, maxNumber int, expires time.Time) Challenge {
	salt := randomSalt + "?expires=" + strconv.FormatInt(expires.Unix(), 10)
	hash := hashOf(salt, number)
	return Challenge{Algorithm: Algorithm, Challenge: hash, MaxNumber: maxNumber, Salt: salt, Signature: sign(key, hash)}
}

// Check verifies a token: it decodes, carries our signature, has not
// expired, and its number solves the challenge. It returns the challenge so
// the caller can refuse a second use.
func Check(key []byte, token string, now time.Time) (challenge string, ok bool) {
	raw, err := base64.StdEncoding.DecodeString(token)
	if err != nil {
		return "", false
	}
	var s Solution
	if json.Unmarshal(raw, &s) != nil || s.Algorithm != Algorithm {
		return "", false
	}
	if !hmac.Equal([]byte(s.Signature), []byte(sign(key, s.Challenge))) {
		return "", false
	}
	expires, ok := expiryOf(s.Salt)
	if !ok || !now.Before(expires) {
		return "", false
	}
	if hashOf(s.Salt, s.Number) != s.Challenge {
		return "", false
	}
	return s.Challenge, true
}

// Solve finds the answer by brute force, as the browser does; for tests and
// scripted clients.
func Solve(c Challenge) (Solution, bool) {
	for n := 0; n <= c.MaxNumber; n++ {
		if hashOf(c.Salt, n) == c.Challenge {
			return Solution{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: n, Salt: c.Salt, Signature: c.Signature}, true
		}
	}
	return Solution{}, false
}

// Token encodes a solution as the browser sends it.
func (s Solution) Token() string {
	raw, _ := json.Marshal(s)
	return base64.StdEncoding.EncodeToString(raw)
}

func hashOf(salt string, number int) string {
	h := sha256.Sum256([]byte(salt + strconv.Itoa(number)))
	return hex.EncodeToString(h[:])
}

func sign(key []byte, challenge string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(challenge))
	return hex.EncodeToString(m.Sum(nil))
}

func expiryOf(salt string) (time.Time, bool) {
	_, query, found := strings.Cut(salt, "?expires=")
	if !found {
		return time.Time{}, false
	}
	unix, err := strconv.ParseInt(query, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(unix, 0), true
}
