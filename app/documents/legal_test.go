package documents_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/documents"
	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func TestLegalPages(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 13, 0, 0, 0, time.UTC)
	// Tenant 1 is the portal's first; customer 50 is served by tenant 2.
	s := documents.Service{Legal: memory.NewLegalPages([]int64{1, 2}, map[int64]int64{50: 2}), Clock: func() time.Time { return now }}
	superAdmin := &access.Caller{Login: "super", Roles: []access.Role{access.SuperAdmin}}
	shipperOfB := &access.Caller{Login: "b", Roles: []access.Role{access.User}, CustomerID: 50}
	fulfillmentOfB := &access.Caller{Login: "f", Roles: []access.Role{access.User}, FulfillmentCustomers: []int64{50}}
	forbidden := func(err error) bool {
		f, ok := failure.As(err)
		return ok && (f.Kind == failure.Forbidden || f.Kind == failure.Unauthenticated)
	}

	page := document.LegalPage{TenantID: 1, Kind: document.Imprint, Locale: "de", Body: "Impressum\r\n\r\nMuster GmbH  \n"}
	for _, c := range []*access.Caller{nil, shipperOfB, {Login: "ops", Roles: []access.Role{access.Operations}}, {Login: "cs", Roles: []access.Role{access.CustomerService}}} {
		if _, err := s.PublishLegalPage(ctx, c, page); !forbidden(err) {
			t.Fatalf("PublishLegalPage by %+v = %v", c, err)
		}
		if _, err := s.ListLegalPages(ctx, c, 1, ""); !forbidden(err) {
			t.Fatalf("ListLegalPages by %+v = %v", c, err)
		}
		if err := s.WithdrawLegalPage(ctx, c, 1, document.Imprint, "de"); !forbidden(err) {
			t.Fatalf("WithdrawLegalPage by %+v = %v", c, err)
		}
	}
	if _, err := s.ReadLegalPage(ctx, nil, document.Imprint, "de"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("reading an unpublished page = %v", err)
	}

	got, err := s.PublishLegalPage(ctx, admin, page)
	if err != nil || got.Body != "Impressum\n\nMuster GmbH" || got.UpdatedBy != "admin" || !got.UpdatedAt.Equal(now) {
		t.Fatalf("PublishLegalPage = %+v, %v", got, err)
	}
	if _, err := s.PublishLegalPage(ctx, superAdmin, document.LegalPage{TenantID: 1, Kind: document.Imprint, Locale: "en", Body: "Imprint"}); err != nil {
		t.Fatalf("a super admin publishes: %v", err)
	}
	if _, err := s.PublishLegalPage(ctx, admin, document.LegalPage{TenantID: 2, Kind: document.Imprint, Locale: "nl", Body: "Colofon B"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PublishLegalPage(ctx, admin, document.LegalPage{TenantID: 1, Kind: document.Privacy, Locale: "fr", Body: "x"}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("publishing in a language the portal does not speak = %v", err)
	}

	read := func(c *access.Caller, kind document.LegalKind, locale string) document.LegalPage {
		t.Helper()
		p, err := s.ReadLegalPage(ctx, c, kind, locale)
		if err != nil {
			t.Fatalf("ReadLegalPage(%s, %s) = %v", kind, locale, err)
		}
		if p.UpdatedBy != "" {
			t.Fatalf("a reader learns the staff login %q", p.UpdatedBy)
		}
		return p
	}
	if p := read(nil, document.Imprint, "de"); p.Locale != "de" || p.Body != "Impressum\n\nMuster GmbH" || p.TenantID != 1 {
		t.Fatalf("a German visitor reads %+v", p)
	}
	if p := read(nil, document.Imprint, "en"); p.Locale != "en" || p.Body != "Imprint" {
		t.Fatalf("an English visitor reads %+v", p)
	}
	if p := read(nil, document.Imprint, "it"); p.Locale != "en" {
		t.Fatalf("an Italian visitor falls back to English, reads %+v", p)
	}
	if p := read(admin, document.Imprint, "de"); p.TenantID != 1 {
		t.Fatalf("staff read the portal's page, got %+v", p)
	}
	// A shipper of tenant 2 reads tenant 2's page, never tenant 1's, in
	// the one language it is published in.
	if p := read(shipperOfB, document.Imprint, "de"); p.TenantID != 2 || p.Body != "Colofon B" || p.Locale != "nl" {
		t.Fatalf("a shipper of tenant 2 reads %+v", p)
	}
	if p := read(fulfillmentOfB, document.Imprint, "en"); p.TenantID != 2 {
		t.Fatalf("a fulfillment acting for tenant 2's customer reads %+v", p)
	}
	if _, err := s.ReadLegalPage(ctx, nil, "imprint", "de"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("an unknown page = %v", err)
	}

	list, err := s.ListLegalPages(ctx, admin, 1, document.Imprint)
	if err != nil || len(list) != 2 || list[0].UpdatedBy != "admin" {
		t.Fatalf("ListLegalPages = %+v, %v", list, err)
	}
	if _, err := s.ListLegalPages(ctx, admin, 1, "nonsense"); !failure.HasKey(err, "error.validation") {
		t.Fatalf("ListLegalPages of an unknown kind = %v", err)
	}

	if err := s.WithdrawLegalPage(ctx, admin, 1, document.Imprint, "en"); err != nil {
		t.Fatal(err)
	}
	if p := read(nil, document.Imprint, "en"); p.Locale != "de" {
		t.Fatalf("after the English page is withdrawn an English visitor reads %+v", p)
	}
	if err := s.WithdrawLegalPage(ctx, admin, 1, document.Imprint, "de"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadLegalPage(ctx, nil, document.Imprint, "en"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("after every locale is withdrawn = %v", err)
	}
	if err := s.WithdrawLegalPage(ctx, admin, 1, document.Imprint, "xx"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("withdrawing an unknown locale = %v", err)
	}

	empty := documents.Service{Legal: memory.NewLegalPages(nil, nil)}
	if _, err := empty.ReadLegalPage(ctx, nil, document.Imprint, "en"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("a portal without tenants = %v", err)
	}
}
