package printers

import (
	"context"

	"parcelportal/core/access"
)

// QzSigner signs QZ Tray requests with the key the operator configured.
type QzSigner interface {
	// Certificate is the PEM certificate QZ Tray checks signatures with.
	Certificate() string
	// Sign returns the base64 SHA-512 RSA signature of the request.
	Sign(request string) (string, error)
}

// QzCertificate returns the operator's QZ Tray certificate to the roles
// that print; empty when none is configured, and QZ Tray then asks the
// user to allow the site.
func (s Service) QzCertificate(_ context.Context, caller *access.Caller) (string, error) {
	if err := prints.Check(caller); err != nil {
		return "", err
	}
	if s.Qz == nil {
		return "", nil
	}
	return s.Qz.Certificate(), nil
}

// SignQz signs a QZ Tray request for the roles that print; without a
// configured key it returns an empty signature (unsigned, QZ Tray asks).
func (s Service) SignQz(_ context.Context, caller *access.Caller, request string) (string, error) {
	if err := prints.Check(caller); err != nil {
		return "", err
	}
	if s.Qz == nil {
		return "", nil
	}
	return s.Qz.Sign(request)
}
