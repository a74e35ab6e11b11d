// Package captcha serves the portal's self-hosted proof-of-work captcha
// (core/captcha) and checks its answers once each.
package captcha

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math/big"
	"time"

	"parcelportal/core/captcha"
)

// Answers remembers which challenges were answered.
type Answers interface {
	Claim(ctx context.Context, challenge string, expires time.Time) (bool, error)
}

// ProofOfWork issues and checks challenges signed with Key.
type ProofOfWork struct {
	Key     []byte
	Answers Answers
	// MaxNumber sets the work: the browser tries MaxNumber/2 hashes on average.
	MaxNumber int
	TTL       time.Duration
}

// Defaults: about 25,000 hashes on average, a fraction of a second in a browser.
const (
	DefaultMaxNumber = 50000
	DefaultTTL       = 5 * time.Minute
)

var errRejected = errors.New("captcha answer rejected")

// Enabled reports that forms need an answer.
func (p ProofOfWork) Enabled() bool { return true }

// NewChallenge returns a fresh challenge.
func (p ProofOfWork) NewChallenge() (captcha.Challenge, error) {
	salt := make([]byte, 12)
	if _, err := rand.Read(salt); err != nil {
		return captcha.Challenge{}, err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(int64(p.MaxNumber)+1))
	if err != nil {
		return captcha.Challenge{}, err
	}
	return captcha.NewChallenge(p.Key, hex.EncodeToString(salt), int(n.Int64()), p.MaxNumber, time.Now().Add(p.TTL)), nil
}

// Verify accepts a correct, unexpired answer once.
func (p ProofOfWork) Verify(ctx context.Context, token, _ string) error {
	challenge, ok := captcha.Check(p.Key, token, time.Now())
	if !ok {
		return errRejected
	}
	fresh, err := p.Answers.Claim(ctx, challenge, time.Now().Add(p.TTL))
	if err != nil {
		return err
	}
	if !fresh {
		return errRejected
	}
	return nil
}

// Off is the captcha of an installation that asks for none.
type Off struct{}

// Enabled reports that forms need no answer.
func (Off) Enabled() bool { return false }

// Verify accepts anything.
func (Off) Verify(context.Context, string, string) error { return nil }
