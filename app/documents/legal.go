package documents

import (
	"context"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// LegalPages keeps the legal pages, one text per tenant, page and locale.
type LegalPages interface {
	// List returns the tenant's pages of one kind, or of every kind when
	// kind is empty, with their bodies, ordered by kind and locale.
	List(ctx context.Context, tenantID int64, kind document.LegalKind) ([]document.LegalPage, error)
	// Put publishes a page, replacing the tenant's page of that kind and
	// locale, and answers it as stored; an unknown tenant is an Invalid
	// failure on tenantId.
	Put(ctx context.Context, p document.LegalPage) (document.LegalPage, error)
	// Delete withdraws one page; none there is a NotFound failure with key
	// document.KeyLegalNotPublished.
	Delete(ctx context.Context, tenantID int64, kind document.LegalKind, locale string) error
	// TenantOf is the tenant of the customer's hub, else the first tenant;
	// no tenant at all is a NotFound failure.
	TenantOf(ctx context.Context, customerID int64) (int64, error)
}

// LegalRoles publish and withdraw legal pages: the roles that maintain the
// other documents.
var LegalRoles = access.Admins

func errLegalNotPublished() error {
	return &failure.Error{Kind: failure.NotFound, Key: document.KeyLegalNotPublished, Entity: document.LegalObject}
}

// ListLegalPages returns a tenant's published pages, of one kind or of all,
// for the staff who maintain them.
func (s Service) ListLegalPages(ctx context.Context, caller *access.Caller, tenantID int64, kind document.LegalKind) ([]document.LegalPage, error) {
	if err := LegalRoles.Check(caller); err != nil {
		return nil, err
	}
	if kind != "" && !document.IsLegalKind(kind) {
		return nil, failure.InvalidFields(failure.FieldViolation{Object: document.LegalObject, Field: "kind", Rule: "oneOf"})
	}
	return s.Legal.List(ctx, tenantID, kind)
}

// PublishLegalPage validates a page and publishes it for its tenant and
// locale, replacing what was there; the caller is recorded as its author.
func (s Service) PublishLegalPage(ctx context.Context, caller *access.Caller, p document.LegalPage) (document.LegalPage, error) {
	if err := LegalRoles.Check(caller); err != nil {
		return document.LegalPage{}, err
	}
	p, err := document.ValidateLegalPage(p)
	if err != nil {
		return document.LegalPage{}, err
	}
	p.UpdatedBy, p.UpdatedAt = caller.Login, s.now()
	return s.Legal.Put(ctx, p)
}

// WithdrawLegalPage removes one published page; visitors then read another
// locale of it, or "not published".
func (s Service) WithdrawLegalPage(ctx context.Context, caller *access.Caller, tenantID int64, kind document.LegalKind, locale string) error {
	if err := LegalRoles.Check(caller); err != nil {
		return err
	}
	if !document.IsLegalKind(kind) || !document.IsLegalLocale(locale) {
		return errLegalNotPublished()
	}
	return s.Legal.Delete(ctx, tenantID, kind, locale)
}

// ReadLegalPage is what anybody, signed in or not, reads on a legal page:
// the page of the caller's tenant (the tenant of their customer's hub; for
// visitors and staff the portal's first tenant, as the newsletter reads
// it) in the wanted locale, else in English, else in the first published
// one (document.PickLegalLocale). The tenant never comes from the request,
// so no visitor can ask for another tenant's page. The answer's Locale says
// which one was found and UpdatedBy is left out: a staff login is nobody's
// business. A page published in no locale, or no tenant at all, is a
// NotFound failure with key document.KeyLegalNotPublished.
func (s Service) ReadLegalPage(ctx context.Context, caller *access.Caller, kind document.LegalKind, wanted string) (document.LegalPage, error) {
	if !document.IsLegalKind(kind) {
		return document.LegalPage{}, errLegalNotPublished()
	}
	tenantID, err := s.Legal.TenantOf(ctx, customerOf(caller))
	if f, ok := failure.As(err); ok && f.Kind == failure.NotFound {
		return document.LegalPage{}, errLegalNotPublished()
	}
	if err != nil {
		return document.LegalPage{}, err
	}
	pages, err := s.Legal.List(ctx, tenantID, kind)
	if err != nil {
		return document.LegalPage{}, err
	}
	locales := make([]string, len(pages))
	for i, p := range pages {
		locales[i] = p.Locale
	}
	locale, found := document.PickLegalLocale(wanted, locales)
	if !found {
		return document.LegalPage{}, errLegalNotPublished()
	}
	for _, p := range pages {
		if p.Locale == locale {
			p.UpdatedBy = ""
			return p, nil
		}
	}
	return document.LegalPage{}, errLegalNotPublished()
}

// customerOf is the customer whose tenant a caller reads: their own, else
// the first their fulfillment acts for; zero for visitors and staff.
func customerOf(caller *access.Caller) int64 {
	if caller == nil {
		return 0
	}
	if caller.CustomerID > 0 {
		return caller.CustomerID
	}
	for _, id := range caller.FulfillmentCustomers {
		if id > 0 {
			return id
		}
	}
	return 0
}

func (s Service) now() time.Time {
	if s.Clock != nil {
		return s.Clock().UTC()
	}
	return time.Now().UTC()
}
