// Package secrets seals credentials at rest with AES-256-GCM. A sealed value
// is the random 12-byte nonce followed by the ciphertext and its tag.
package secrets

import (
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

// Seal encrypts plain with a fresh nonce.
func (b *Box) Seal(plain []byte) ([]byte, error) {
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return b.aead.Seal(nonce, nonce, plain, nil), nil
}

// Open decrypts a sealed value; a wrong key or a changed value is an error.
func (b *Box) Open(sealed []byte) ([]byte, error) {
	n := b.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("sealed value too short")
	}
	plain, err := b.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, errors.New("sealed value cannot be opened: wrong key or tampered")
	}
	return plain, nil
}
