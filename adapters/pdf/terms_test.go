package pdf

import (
	"bytes"
	"regexp"
	"testing"

	"parcelportal/app/customers"
)

func TestTermsHaveSixPagesPerCountry(t *testing.T) {
	pageObject := regexp.MustCompile(`/Type /Page\b`)
	for _, country := range []string{"DE", "AT", "DK", "NL", "SE", "BE", "ES", "IT"} {
		terms, err := customers.GTCTerms(country)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Terms{}.RenderTerms(terms)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(doc, []byte("%PDF-")) {
			t.Fatalf("%s: not a PDF", country)
		}
		if n := len(pageObject.FindAll(doc, -1)); n != 6 {
			t.Errorf("%s: %d pages, want 6", country, n)
		}
	}
	if _, err := customers.GTCTerms("FR"); err == nil {
		t.Fatal("FR has no terms")
	}
	if de, _ := customers.GTCTerms("at"); de.Language != "de" {
		t.Fatalf("AT terms in %q, want de", de.Language)
	}
	if en, _ := customers.GTCTerms("SE"); en.Language != "en" {
		t.Fatalf("SE terms in %q, want en", en.Language)
	}
	if nl, _ := customers.GTCTerms("BE"); nl.Language != "nl" {
		t.Fatalf("BE terms in %q, want nl", nl.Language)
	}
}
