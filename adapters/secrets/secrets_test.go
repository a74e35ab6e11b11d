package secrets

import (
	"bytes"
	"encoding/base64"
	"testing"
)

func TestSealOpen(t *testing.T) {
	box, err := NewBox(DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := box.Seal([]byte("top secret"))
	b, _ := box.Seal([]byte("top secret"))
	if bytes.Contains(a, []byte("top secret")) || bytes.Equal(a, b) {
		t.Fatal("sealed values must hide the plain text and differ per seal")
	}
	if plain, err := box.Open(a); err != nil || string(plain) != "top secret" {
		t.Fatalf("Open = %q, %v", plain, err)
	}
	a[len(a)-1] ^= 1
	if _, err := box.Open(a); err == nil {
		t.Fatal("a tampered value opened")
	}
	other, _ := NewBox(base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32)))
	if _, err := other.Open(b); err == nil {
		t.Fatal("another key opened the value")
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
