// Package secretstest seals values as the portal did before sealed values
// were bound to their place, so tests can check that such values still open.
package secretstest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"testing"
)

// LegacySeal seals plain with the base64 key as the portal once did: nonce,
// ciphertext and tag, no additional data.
func LegacySeal(t testing.TB, keyBase64 string, plain []byte) []byte {
	t.Helper()
	key, _ := base64.StdEncoding.DecodeString(keyBase64)
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	aead, _ := cipher.NewGCM(block)
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	return aead.Seal(nonce, nonce, plain, nil)
}
