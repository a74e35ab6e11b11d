package qzsign_test

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha512"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	"testing"
	"time"

	"parcelportal/adapters/qzsign"
)

func TestSignaturesVerifyWithTheCertificatesKey(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "portal"},
		NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	certPEM := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(key)
	for name, keyPEM := range map[string][]byte{
		"pkcs1": pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}),
		"pkcs8": pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}),
	} {
		s, err := qzsign.New(certPEM, keyPEM)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Certificate() != certPEM {
			t.Fatalf("%s: certificate changed", name)
		}
		sig, err := s.Sign(`{"call":"print"}`)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := base64.StdEncoding.DecodeString(sig)
		sum := sha512.Sum512([]byte(`{"call":"print"}`))
		if err := rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA512, sum[:], raw); err != nil {
			t.Fatalf("%s: signature does not verify: %v", name, err)
		}
	}
	if _, err := qzsign.New("not pem", nil); err == nil {
		t.Fatal("a broken certificate was taken")
	}
}
