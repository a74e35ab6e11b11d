package printers_test

import (
	"context"
	"testing"

	"parcelportal/app/printers"
	"parcelportal/core/failure"
)

type signer struct{}

func (signer) Certificate() string                 { return "-----BEGIN CERTIFICATE-----" }
func (signer) Sign(request string) (string, error) { return "signed:" + request, nil }

func TestQzSigningIsForThePrintingRolesAndOptional(t *testing.T) {
	ctx := context.Background()
	unsigned := printers.Service{}
	if cert, err := unsigned.QzCertificate(ctx, user1); err != nil || cert != "" {
		t.Fatalf("certificate without a key = %q, %v", cert, err)
	}
	if sig, err := unsigned.SignQz(ctx, user1, "x"); err != nil || sig != "" {
		t.Fatalf("signature without a key = %q, %v", sig, err)
	}
	signed := printers.Service{Qz: signer{}}
	if sig, err := signed.SignQz(ctx, user1, "x"); err != nil || sig != "signed:x" {
		t.Fatalf("signature = %q, %v", sig, err)
	}
	for _, c := range []struct {
		name string
		kind failure.Kind
	}{{"anonymous", failure.Unauthenticated}, {"tracking", failure.Forbidden}} {
		caller := tracking
		if c.name == "anonymous" {
			caller = nil
		}
		if _, err := signed.SignQz(ctx, caller, "x"); kind(err) != c.kind {
			t.Errorf("%s signs = %v", c.name, err)
		}
		if _, err := signed.QzCertificate(ctx, caller); kind(err) != c.kind {
			t.Errorf("%s reads the certificate = %v", c.name, err)
		}
	}
}
