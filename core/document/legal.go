package document

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// LegalKind names one of the five legal pages the footer links to (spec 1
// section 2). They are documents staff publish like the product-codes and
// CSV-template documents, but each is a text per tenant and locale that the
// portal shows as a page, not a file to download.
type LegalKind string

// The legal pages, in the footer's order.
const (
	Imprint         LegalKind = "IMPRINT"
	LegalNotice     LegalKind = "LEGAL_NOTICE"
	Privacy         LegalKind = "PRIVACY"
	Terms           LegalKind = "TERMS"
	FraudProtection LegalKind = "FRAUD_PROTECTION"
)

// LegalKinds are the legal pages in the footer's order.
var LegalKinds = []LegalKind{Imprint, LegalNotice, Privacy, Terms, FraudProtection}

// LegalLocales are the languages a legal page is published in: the
// portal's. The order is the fallback order after English.
var LegalLocales = []string{"de", "en", "es", "it", "nl"}

// FallbackLocale is read when the visitor's language is not published.
const FallbackLocale = "en"

// LegalBodyMax is the longest text of a legal page, in characters: a long
// privacy policy is about 60,000. It keeps the request below the API's 1 MB
// body limit even when every character arrives JSON-escaped.
const LegalBodyMax = 100_000

// LegalObject is the entity name of legal-page failures.
const LegalObject = "legalPage"

// Message keys of legal-page failures.
const (
	KeyLegalNotPublished = "error.legalPage.notPublished"
	KeyLegalTooLong      = "error.legalPage.tooLong"
)

// LegalPage is one legal page of one tenant in one locale. Body is plain
// text: paragraphs are separated by blank lines; no markup is interpreted,
// so what staff type cannot run in a visitor's browser.
type LegalPage struct {
	TenantID  int64
	Kind      LegalKind
	Locale    string
	Body      string
	UpdatedAt time.Time
	UpdatedBy string
}

// IsLegalKind says whether k is one of the five pages.
func IsLegalKind(k LegalKind) bool { return slices.Contains(LegalKinds, k) }

// IsLegalLocale says whether l is one of the portal's languages.
func IsLegalLocale(l string) bool { return slices.Contains(LegalLocales, l) }

// NormalizeLegalBody makes line ends \n and trims the text's outer blank
// space; the inner spacing (paragraphs, indentation) is the author's.
func NormalizeLegalBody(body string) string {
	body = strings.ReplaceAll(body, "\r\n", "\n")
	body = strings.ReplaceAll(body, "\r", "\n")
	return strings.TrimSpace(body)
}

// ValidateLegalPage checks a page before it is published: a known tenant id,
// page and locale, and a body that is valid UTF-8 text without control
// characters (tabs and line ends aside) of 1 to LegalBodyMax characters.
// It answers the page with its body normalized.
func ValidateLegalPage(p LegalPage) (LegalPage, error) {
	p.Body = NormalizeLegalBody(p.Body)
	var v []failure.FieldViolation
	if p.TenantID <= 0 {
		v = append(v, failure.FieldViolation{Object: LegalObject, Field: "tenantId", Rule: RuleRequired})
	}
	if !IsLegalKind(p.Kind) {
		v = append(v, failure.FieldViolation{Object: LegalObject, Field: "kind", Rule: "oneOf"})
	}
	if !IsLegalLocale(p.Locale) {
		v = append(v, failure.FieldViolation{Object: LegalObject, Field: "locale", Rule: "oneOf"})
	}
	switch {
	case p.Body == "":
		v = append(v, failure.FieldViolation{Object: LegalObject, Field: "body", Rule: RuleRequired})
	case !utf8.ValidString(p.Body) || strings.ContainsFunc(p.Body, isForbiddenControl):
		v = append(v, failure.FieldViolation{Object: LegalObject, Field: "body", Rule: "text"})
	case utf8.RuneCountInString(p.Body) > LegalBodyMax:
		e := failure.New(failure.Invalid, KeyLegalTooLong, "max", "100000")
		e.Entity = LegalObject
		e.Fields = []failure.FieldViolation{{Object: LegalObject, Field: "body", Rule: "maxlength"}}
		return p, e
	}
	if len(v) > 0 {
		return p, failure.InvalidFields(v...)
	}
	return p, nil
}

func isForbiddenControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f
}

// PickLegalLocale chooses which of a page's published locales a visitor
// reads: their own, else English, else the first published one in
// LegalLocales' order. An imprint published in German only is still the
// imprint, so a visitor reads it rather than "not published". found is
// false when the page is published in no locale.
func PickLegalLocale(wanted string, published []string) (locale string, found bool) {
	for _, l := range append([]string{wanted, FallbackLocale}, LegalLocales...) {
		if slices.Contains(published, l) {
			return l, true
		}
	}
	return "", false
}
