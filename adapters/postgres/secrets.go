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
// nonce per value, bound to the column it is stored in. Reusable by every
// repository that keeps credentials; the key comes from CREDENTIALS_KEY.
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

// Seal encrypts plain for the named column; an empty value stays empty (nil).
func (s *Secrets) Seal(column, plain string) ([]byte, error) {
	if plain == "" {
		return nil, nil
	}
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("seal %s: %w", column, err)
	}
	return s.aead.Seal(nonce, nonce, []byte(plain), []byte(column)), nil
}

// Open decrypts a value sealed for the named column; nil opens to "".
func (s *Secrets) Open(column string, sealed []byte) (string, error) {
	if len(sealed) == 0 {
		return "", nil
	}
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", fmt.Errorf("open %s: value too short", column)
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(column))
	if err != nil {
		// The error names the column only, never the value.
		return "", fmt.Errorf("open %s: %w", column, err)
	}
	return string(plain), nil
}
