package linkdownload_test

import (
	"testing"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
)

func TestGrantAdmitsOnlyItsOwnDownloadInTime(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	caller := access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 7}
	g, err := linkdownload.NewGrant(caller, linkdownload.BatchLabels, "42", now)
	if err != nil || !g.Expires.Equal(now.Add(linkdownload.Lifetime)) || g.Caller.Login != "anna" {
		t.Fatalf("NewGrant = %+v, %v", g, err)
	}
	if linkdownload.Lifetime > time.Minute {
		t.Fatalf("a token lives %v", linkdownload.Lifetime)
	}
	if err := g.Admits(linkdownload.BatchLabels, "42", now.Add(59*time.Second)); err != nil {
		t.Fatalf("its own download = %v", err)
	}
	for name, try := range map[string]func() error{
		"another batch":    func() error { return g.Admits(linkdownload.BatchLabels, "43", now) },
		"another download": func() error { return g.Admits(linkdownload.BatchCommercialInvoice, "42", now) },
		"expired":          func() error { return g.Admits(linkdownload.BatchLabels, "42", now.Add(linkdownload.Lifetime)) },
	} {
		if err := try(); !failure.HasKey(err, linkdownload.KeyTokenInvalid) {
			t.Errorf("%s = %v", name, err)
		}
	}
	for _, bad := range []struct {
		p linkdownload.Purpose
		r string
	}{{"batch-csv", "42"}, {"", "42"}, {linkdownload.BatchLabels, ""}} {
		if _, err := linkdownload.NewGrant(caller, bad.p, bad.r, now); !failure.HasKey(err, linkdownload.KeyPurposeInvalid) {
			t.Errorf("NewGrant(%q, %q) = %v", bad.p, bad.r, err)
		}
	}
}
