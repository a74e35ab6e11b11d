package postgres

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
)

// Secrets seals credentials (API passwords, keys, client secrets) before they
// are written and opens them after they are read: AES-256-GCM with a random
// nonce per value (stored as nonce followed by ciphertext and tag). Reusable
// by every repository that keeps credentials; the key comes from
// CREDENTIALS_KEY.
type Secrets struct{ aead cipher.AEAD }

// ErrSecretKey is a key of the wrong size.
var ErrSecretKey = errors.New("credentials key must be 32 bytes, given as 64 hex digits or base64")

// ParseSecretsKey reads a 32-byte key written as hex or base64.
func ParseSecretsKey(s string) ([]byte, error) {
	if b, err := hex.DecodeString(s); err == nil && len(b) == 32 {
		return b, nil
	}
	if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) == 32 {
		return b, nil
	}
	return nil, ErrSecretKey
}

// DevSecretsKey derives a fixed key from a phrase, for development and tests
// only; production sets CREDENTIALS_KEY.
func DevSecretsKey(phrase string) []byte {
	k := sha256.Sum256([]byte("parcelportal dev credentials key: " + phrase))
	return k[:]
}

// NewSecrets returns a sealer for a 32-byte key.
func NewSecrets(key []byte) (*Secrets, error) {
	if len(key) != 32 {
		return nil, ErrSecretKey
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Secrets{aead: aead}, nil
}

// Seal encrypts plain; every call gives a different value.
func (s *Secrets) Seal(plain []byte) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	return s.aead.Seal(nonce, nonce, plain, nil), nil
}

// Open decrypts a sealed value; a wrong key or a changed value fails
// without naming the value.
func (s *Secrets) Open(sealed []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("open: sealed value too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	return plain, nil
}
