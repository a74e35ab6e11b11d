package downloadtoken_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/downloadtoken"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
)

func TestTokensWorkOnceForTheirDownloadInTime(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	svc := downloadtoken.Service{Store: memory.NewDownloadTokens(), Now: func() time.Time { return now }}
	anna := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 7}
	issue := func() string {
		t.Helper()
		tok, err := svc.Issue(ctx, anna, linkdownload.BatchLabels, "42")
		if err != nil || len(tok.Value) < 40 || !tok.Expires.Equal(now.Add(linkdownload.Lifetime)) {
			t.Fatalf("Issue = %+v, %v", tok, err)
		}
		return tok.Value
	}
	refused := func(what string, c *access.Caller, err error) {
		t.Helper()
		if c != nil || !failure.HasKey(err, linkdownload.KeyTokenInvalid) {
			t.Errorf("%s = %+v, %v", what, c, err)
		}
	}

	tok := issue()
	if tok == issue() {
		t.Fatal("two tokens alike")
	}
	c, err := svc.Redeem(ctx, tok, linkdownload.BatchLabels, "42")
	if err != nil || c.Login != "anna" || c.CustomerID != 7 {
		t.Fatalf("Redeem = %+v, %v", c, err)
	}
	c, err = svc.Redeem(ctx, tok, linkdownload.BatchLabels, "42")
	refused("reused", c, err)

	tok = issue()
	c, err = svc.Redeem(ctx, tok, linkdownload.BatchLabels, "43")
	refused("another batch", c, err)
	// A token refused once is spent: it cannot be tried on the right batch afterwards.
	c, err = svc.Redeem(ctx, tok, linkdownload.BatchLabels, "42")
	refused("after a wrong try", c, err)

	c, err = svc.Redeem(ctx, issue(), linkdownload.BatchCommercialInvoice, "42")
	refused("another download", c, err)

	tok = issue()
	now = now.Add(linkdownload.Lifetime)
	c, err = svc.Redeem(ctx, tok, linkdownload.BatchLabels, "42")
	refused("expired", c, err)

	c, err = svc.Redeem(ctx, "ory_st_a-session-token", linkdownload.BatchLabels, "42")
	refused("a session token", c, err)
	c, err = svc.Redeem(ctx, "", linkdownload.BatchLabels, "42")
	refused("empty", c, err)

	if _, err := svc.Issue(ctx, nil, linkdownload.BatchLabels, "42"); err == nil {
		t.Error("a token for nobody")
	}
	if _, err := svc.Issue(ctx, anna, "batch-csv", "42"); !failure.HasKey(err, linkdownload.KeyPurposeInvalid) {
		t.Errorf("a token for a download that is no link = %v", err)
	}
}
