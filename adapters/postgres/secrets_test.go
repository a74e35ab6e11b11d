package postgres

import (
	"bytes"
	"strings"
	"testing"
)

func TestSecretsRoundTripAndBinding(t *testing.T) {
	s, err := NewSecrets(DevSecretsKey("test"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Seal("tenant.a1_password", "geheim")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.Seal("tenant.a1_password", "geheim")
	if bytes.Equal(a, b) || bytes.Contains(a, []byte("geheim")) {
		t.Fatal("sealed values must differ per nonce and not show the plain text")
	}
	if got, err := s.Open("tenant.a1_password", a); err != nil || got != "geheim" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	if _, err := s.Open("tenant.grp_password", a); err == nil || strings.Contains(err.Error(), "geheim") {
		t.Fatalf("a value opened for another column: %v", err)
	}
	other, _ := NewSecrets(DevSecretsKey("other"))
	if _, err := other.Open("tenant.a1_password", a); err == nil {
		t.Fatal("a value opened with another key")
	}
	if v, _ := s.Seal("x", ""); v != nil {
		t.Fatal("empty must stay empty")
	}
	if got, err := s.Open("x", nil); err != nil || got != "" {
		t.Fatalf("Open(nil) = %q, %v", got, err)
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
