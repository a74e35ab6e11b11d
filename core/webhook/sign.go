package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret, as Standard Webhooks writes
// them; the rest is the base64 of the key.
const SecretPrefix = "whsec_"

// secretBytes is the length of a new secret's key (the specification asks
// for 24 to 64 bytes).
const secretBytes = 32

// NewSecret makes a signing secret from the random source (crypto/rand in
// production): "whsec_" + base64 of 32 random bytes.
func NewSecret(random io.Reader) (string, error) {
	b := make([]byte, secretBytes)
	if _, err := io.ReadFull(random, b); err != nil {
		return "", err
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// Key is the HMAC key of a secret: the base64 after "whsec_" decoded, as
// the specification's libraries do.
func Key(secret string) ([]byte, error) {
	k, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil {
		return nil, err
	}
	if len(k) == 0 {
		return nil, errors.New("empty webhook secret")
	}
	return k, nil
}

// Sign is the webhook-signature header of one delivery: "v1," + base64 of
// HMAC-SHA256 over id + "." + timestamp (Unix seconds) + "." + body.
func Sign(secret, id string, at time.Time, body []byte) (string, error) {
	key, err := Key(secret)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	m.Write([]byte("."))
	m.Write([]byte(strconv.FormatInt(at.Unix(), 10)))
	m.Write([]byte("."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil)), nil
}

// Headers are the three Standard Webhooks headers of one delivery attempt:
// the event's stable id, this attempt's time and its signature.
func Headers(secret, id string, at time.Time, body []byte) (map[string]string, error) {
	sig, err := Sign(secret, id, at, body)
	if err != nil {
		return nil, err
	}
	return map[string]string{
		"webhook-id":        id,
		"webhook-timestamp": strconv.FormatInt(at.Unix(), 10),
		"webhook-signature": sig,
	}, nil
}
