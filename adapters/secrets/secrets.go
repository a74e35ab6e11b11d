// Package secrets seals credentials at rest with AES-256-GCM.
//
// A sealed value is bound to where it is stored: the caller names a context
// ("table/column/id") that goes into GCM's additional data, so a value
// copied to another row or column does not open. The format is the prefix
// "v2:", the random 12-byte nonce, then the ciphertext and its tag. Values
// sealed before the binding (the nonce, ciphertext and tag without prefix
// or context) still open, reported as legacy so that the store seals them
// again (postgres.ResealCredentials does so at start).
package secrets

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
)

// DevelopmentKey is the fixed key used outside production when no
// CREDENTIALS_KEY is configured (32 bytes, base64). Never use it in production.
const DevelopmentKey = "cG9ydGFsLWRldmVsb3BtZW50LWtleS0zMi1ieXRlcyE="

// boundPrefix marks a value sealed with its context as additional data.
var boundPrefix = []byte("v2:")

// ErrCannotOpen: a wrong key, a changed value, or a value of another row or
// column.
var ErrCannotOpen = errors.New("sealed value cannot be opened: wrong key, tampered, or sealed for another place")

// Box seals and opens values with one key.
type Box struct{ aead cipher.AEAD }

// NewBox takes a base64-encoded 32-byte key.
func NewBox(keyBase64 string) (*Box, error) {
	key, err := base64.StdEncoding.DecodeString(keyBase64)
	if err != nil {
		return nil, fmt.Errorf("credentials key is not base64: %w", err)
	}
	if len(key) != 32 {
		return nil, fmt.Errorf("credentials key has %d bytes, want 32", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead}, nil
}

// Seal encrypts plain with a fresh nonce, bound to context (where the value
// is stored, such as "customer/credentials_sealed/42"); it opens only with
// the same context.
func (b *Box) Seal(plain []byte, context string) ([]byte, error) {
	if context == "" {
		return nil, errors.New("sealing needs the place the value is stored")
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	out := append(bytes.Clone(boundPrefix), nonce...)
	return b.aead.Seal(out, nonce, plain, []byte(context)), nil
}

// Open decrypts a value sealed for context. A value of the format before
// the binding opens too, with legacy true: store it sealed again. A wrong
// key, a changed value or a value sealed for another context is
// ErrCannotOpen.
func (b *Box) Open(sealed []byte, context string) (plain []byte, legacy bool, err error) {
	n := b.aead.NonceSize()
	if rest, ok := bytes.CutPrefix(sealed, boundPrefix); ok && len(rest) >= n {
		if plain, err := b.aead.Open(nil, rest[:n], rest[n:], []byte(context)); err == nil {
			return plain, false, nil
		}
	}
	// The format before the binding: a nonce that happens to start with the
	// prefix lands here as well. A bound value never opens this way, since
	// its nonce would be read three bytes early.
	if len(sealed) < n {
		return nil, false, ErrCannotOpen
	}
	plain, err = b.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, false, ErrCannotOpen
	}
	return plain, true, nil
}
