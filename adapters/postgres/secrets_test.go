package postgres

import (
	"bytes"
	"strings"
	"testing"
)

func TestSecretsRoundTrip(t *testing.T) {
	s, err := NewSecrets(DevSecretsKey("test"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Seal([]byte("geheim"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.Seal([]byte("geheim"))
	if bytes.Equal(a, b) || bytes.Contains(a, []byte("geheim")) {
		t.Fatal("sealed values must differ per nonce and not show the plain text")
	}
	if got, err := s.Open(a); err != nil || string(got) != "geheim" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	a[len(a)-1] ^= 1
	if _, err := s.Open(a); err == nil {
		t.Fatal("a changed value opened")
	}
	a[len(a)-1] ^= 1
	other, _ := NewSecrets(DevSecretsKey("other"))
	if _, err := other.Open(a); err == nil {
		t.Fatal("a value opened with another key")
	}
	if _, err := s.Open([]byte{1, 2}); err == nil {
		t.Fatal("a short value opened")
	}
}
func TestParseSecretsKey(t *testing.T) {
	hexKey := strings.Repeat("ab", 32)
	if k, err := ParseSecretsKey(hexKey); err != nil || len(k) != 32 {
		t.Fatalf("hex: %v", err)
	}
	if k, err := ParseSecretsKey("q83vq83vq83vq83vq83vq83vq83vq83vq83vq83vq80="); err != nil || len(k) != 32 {
		t.Fatalf("base64: %v", err)
	}
	if _, err := ParseSecretsKey("short"); err != ErrSecretKey {
		t.Fatalf("short key: %v", err)
	}
}
