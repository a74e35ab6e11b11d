package secrets

import (
	"bytes"
	"encoding/base64"
	"testing"

	"parcelportal/adapters/secrets/secretstest"
)

func TestSealOpen(t *testing.T) {
	box, err := NewBox(DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	const here = "customer/credentials_sealed/1"
	a, _ := box.Seal([]byte("top secret"), here)
	b, _ := box.Seal([]byte("top secret"), here)
	if bytes.Contains(a, []byte("top secret")) || bytes.Equal(a, b) {
		t.Fatal("sealed values must hide the plain text and differ per seal")
	}
	if plain, legacy, err := box.Open(a, here); err != nil || legacy || string(plain) != "top secret" {
		t.Fatalf("Open = %q, %v, %v", plain, legacy, err)
	}
	a[len(a)-1] ^= 1
	if _, _, err := box.Open(a, here); err == nil {
		t.Fatal("a tampered value opened")
	}
	other, _ := NewBox(base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32)))
	if _, _, err := other.Open(b, here); err == nil {
		t.Fatal("another key opened the value")
	}
	if _, err := box.Seal([]byte("x"), ""); err == nil {
		t.Fatal("sealed for no place")
	}
}

// A sealed value is bound to its row and column: copied elsewhere it does
// not open, with or without its prefix.
func TestSealedValueOpensOnlyWhereItWasSealed(t *testing.T) {
	box, _ := NewBox(DevelopmentKey)
	sealed, _ := box.Seal([]byte("pw"), "customer/credentials_sealed/1")
	for _, elsewhere := range []string{"customer/credentials_sealed/2", "tenant/a1_password/1", "customer/credentials_sealed/1/", ""} {
		if plain, _, err := box.Open(sealed, elsewhere); err == nil {
			t.Errorf("opened for %q: %q", elsewhere, plain)
		}
	}
	if _, _, err := box.Open(sealed[len(boundPrefix):], "customer/credentials_sealed/2"); err == nil {
		t.Error("the value without its prefix opened as a legacy value")
	}
}

func TestLegacyValuesStillOpen(t *testing.T) {
	box, _ := NewBox(DevelopmentKey)
	for range 300 { // some nonces start like the prefix's first byte
		old := secretstest.LegacySeal(t, DevelopmentKey, []byte("old secret"))
		plain, legacy, err := box.Open(old, "customer/credentials_sealed/9")
		if err != nil || !legacy || string(plain) != "old secret" {
			t.Fatalf("legacy Open = %q, %v, %v", plain, legacy, err)
		}
	}
	old := secretstest.LegacySeal(t, DevelopmentKey, []byte("x"))
	old[len(old)-1] ^= 1
	if _, _, err := box.Open(old, "customer/credentials_sealed/9"); err == nil {
		t.Fatal("a tampered legacy value opened")
	}
}

func TestKeyMustBe32Bytes(t *testing.T) {
	for _, k := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte("short"))} {
		if _, err := NewBox(k); err == nil {
			t.Errorf("NewBox(%q) accepted", k)
		}
	}
	if raw, _ := base64.StdEncoding.DecodeString(DevelopmentKey); len(raw) != 32 {
		t.Fatalf("development key has %d bytes", len(raw))
	}
}
