package document_test

import (
	"strings"
	"testing"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func TestValidateLegalPage(t *testing.T) {
	ok := document.LegalPage{TenantID: 1, Kind: document.Imprint, Locale: "de", Body: "\r\n  Muster GmbH\r\n\r\nMusterweg 1\r  \n"}
	got, err := document.ValidateLegalPage(ok)
	if err != nil || got.Body != "Muster GmbH\n\nMusterweg 1" {
		t.Fatalf("ValidateLegalPage = %q, %v", got.Body, err)
	}
	fieldOf := func(err error) string {
		f, ok := failure.As(err)
		if !ok || len(f.Fields) != 1 {
			t.Fatalf("want one field violation, got %v", err)
		}
		return f.Fields[0].Field + ":" + f.Fields[0].Rule
	}
	for name, c := range map[string]struct {
		page document.LegalPage
		want string
	}{
		"no tenant":         {document.LegalPage{Kind: document.Imprint, Locale: "de", Body: "x"}, "tenantId:required"},
		"unknown kind":      {document.LegalPage{TenantID: 1, Kind: "COOKIES", Locale: "de", Body: "x"}, "kind:oneOf"},
		"lower-case kind":   {document.LegalPage{TenantID: 1, Kind: "imprint", Locale: "de", Body: "x"}, "kind:oneOf"},
		"unknown locale":    {document.LegalPage{TenantID: 1, Kind: document.Privacy, Locale: "fr", Body: "x"}, "locale:oneOf"},
		"region locale":     {document.LegalPage{TenantID: 1, Kind: document.Privacy, Locale: "de-AT", Body: "x"}, "locale:oneOf"},
		"blank body":        {document.LegalPage{TenantID: 1, Kind: document.Terms, Locale: "en", Body: " \n\t "}, "body:required"},
		"NUL in body":       {document.LegalPage{TenantID: 1, Kind: document.Terms, Locale: "en", Body: "a\x00b"}, "body:text"},
		"escape in body":    {document.LegalPage{TenantID: 1, Kind: document.Terms, Locale: "en", Body: "a\x1b[31mb"}, "body:text"},
		"invalid UTF-8":     {document.LegalPage{TenantID: 1, Kind: document.Terms, Locale: "en", Body: "a\xffb"}, "body:text"},
		"negative tenant":   {document.LegalPage{TenantID: -3, Kind: document.Terms, Locale: "en", Body: "x"}, "tenantId:required"},
		"fraud, no locale":  {document.LegalPage{TenantID: 1, Kind: document.FraudProtection, Body: "x"}, "locale:oneOf"},
		"notice, no tenant": {document.LegalPage{Kind: document.LegalNotice, Locale: "nl", Body: "x"}, "tenantId:required"},
	} {
		_, err := document.ValidateLegalPage(c.page)
		if got := fieldOf(err); got != c.want {
			t.Errorf("%s: violation %s, want %s", name, got, c.want)
		}
	}
	long := document.LegalPage{TenantID: 1, Kind: document.Privacy, Locale: "de", Body: strings.Repeat("ä", document.LegalBodyMax)}
	if _, err := document.ValidateLegalPage(long); err != nil {
		t.Fatalf("a body of exactly the limit in two-byte characters = %v", err)
	}
	long.Body += "ä"
	if _, err := document.ValidateLegalPage(long); !failure.HasKey(err, document.KeyLegalTooLong) {
		t.Fatalf("a body one character over the limit = %v", err)
	}
}

func TestPickLegalLocale(t *testing.T) {
	for _, c := range []struct {
		wanted    string
		published []string
		want      string
		found     bool
	}{
		{"de", []string{"en", "de"}, "de", true},
		{"it", []string{"de", "en"}, "en", true},
		{"it", []string{"nl", "de"}, "de", true},
		{"xx", []string{"nl"}, "nl", true},
		{"de", nil, "", false},
		{"", []string{"es"}, "es", true},
	} {
		got, found := document.PickLegalLocale(c.wanted, c.published)
		if got != c.want || found != c.found {
			t.Errorf("PickLegalLocale(%q, %v) = %q, %v; want %q, %v", c.wanted, c.published, got, found, c.want, c.found)
		}
	}
}
