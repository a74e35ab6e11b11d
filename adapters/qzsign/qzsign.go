// Package qzsign signs QZ Tray requests with the operator's RSA key, as QZ
// Tray expects: SHA-512 with RSA PKCS #1 v1.5, base64. QZ Tray checks the
// signature against the operator's certificate, which the portal hands to
// the browser, and then prints without asking the user.
package qzsign

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// Signer holds the certificate and key.
type Signer struct {
	certificate string
	key         *rsa.PrivateKey
}

// Load reads the PEM certificate and the PEM RSA private key (PKCS #1 or
// PKCS #8) from files.
func Load(certificateFile, keyFile string) (*Signer, error) {
	cert, err := os.ReadFile(certificateFile)
	if err != nil {
		return nil, fmt.Errorf("qz certificate: %w", err)
	}
	keyPEM, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, fmt.Errorf("qz private key: %w", err)
	}
	return New(string(cert), keyPEM)
}

// New takes the PEM certificate and the PEM private key.
func New(certificate string, keyPEM []byte) (*Signer, error) {
	if b, _ := pem.Decode([]byte(certificate)); b == nil || b.Type != "CERTIFICATE" {
		return nil, errors.New("qz certificate: no PEM certificate")
	}
	block, _ := pem.Decode(keyPEM)
	if block == nil {
		return nil, errors.New("qz private key: no PEM block")
	}
	var key *rsa.PrivateKey
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		key = k
	} else if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		rk, ok := k.(*rsa.PrivateKey)
		if !ok {
			return nil, errors.New("qz private key: not an RSA key")
		}
		key = rk
	} else {
		return nil, fmt.Errorf("qz private key: %w", err)
	}
	return &Signer{certificate: certificate, key: key}, nil
}

// Certificate is the PEM certificate.
func (s *Signer) Certificate() string { return s.certificate }

// Sign returns the base64 SHA-512 RSA signature of request.
func (s *Signer) Sign(request string) (string, error) {
	sum := sha512.Sum512([]byte(request))
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.key, crypto.SHA512, sum[:])
	if err != nil {
		return "", fmt.Errorf("qz sign: %w", err)
	}
	return base64.StdEncoding.EncodeToString(sig), nil
}
