package storetest

import (
	"strings"
	"testing"
	"time"

	"parcelportal/app/documents"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// LegalContract checks the legal-page store: first is the lowest tenant id,
// other a second tenant whose hub serves customerOfOther; missing is a
// tenant id that does not exist.
func LegalContract(t *testing.T, store documents.LegalPages, first, other, customerOfOther, missing int64) {
	at := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	put := func(p document.LegalPage) document.LegalPage {
		t.Helper()
		got, err := store.Put(ctx, p)
		if err != nil {
			t.Fatalf("Put %+v: %v", p, err)
		}
		return got
	}
	put(document.LegalPage{TenantID: first, Kind: document.Imprint, Locale: "en", Body: "Imprint A", UpdatedAt: at, UpdatedBy: "admin"})
	put(document.LegalPage{TenantID: first, Kind: document.Imprint, Locale: "de", Body: "Impressum A", UpdatedAt: at, UpdatedBy: "admin"})
	put(document.LegalPage{TenantID: first, Kind: document.Privacy, Locale: "de", Body: "Datenschutz A", UpdatedAt: at, UpdatedBy: "admin"})
	put(document.LegalPage{TenantID: other, Kind: document.Imprint, Locale: "en", Body: "Imprint B", UpdatedAt: at, UpdatedBy: "admin"})
	long := strings.Repeat("ß", document.LegalBodyMax)
	put(document.LegalPage{TenantID: other, Kind: document.Terms, Locale: "it", Body: long, UpdatedAt: at, UpdatedBy: "admin"})

	imprints, err := store.List(ctx, first, document.Imprint)
	if err != nil || len(imprints) != 2 || imprints[0].Locale != "de" || imprints[0].Body != "Impressum A" ||
		imprints[1].Locale != "en" || !imprints[1].UpdatedAt.Equal(at) || imprints[1].UpdatedBy != "admin" {
		t.Fatalf("List(first, IMPRINT) = %+v, %v", imprints, err)
	}
	all, err := store.List(ctx, first, "")
	if err != nil || len(all) != 3 {
		t.Fatalf("List(first, all) = %+v, %v", all, err)
	}
	for _, p := range all {
		if p.TenantID != first {
			t.Fatalf("List(first) holds another tenant's page: %+v", p)
		}
	}
	if terms, _ := store.List(ctx, other, document.Terms); len(terms) != 1 || terms[0].Body != long {
		t.Fatalf("a page of the largest size does not round-trip: %d pages", len(terms))
	}

	later := at.Add(time.Hour)
	replaced := put(document.LegalPage{TenantID: first, Kind: document.Imprint, Locale: "en", Body: "Imprint A, 2nd", UpdatedAt: later, UpdatedBy: "super"})
	if replaced.Body != "Imprint A, 2nd" || !replaced.UpdatedAt.Equal(later) || replaced.UpdatedBy != "super" {
		t.Fatalf("Put over a page = %+v", replaced)
	}
	if imprints, _ := store.List(ctx, first, document.Imprint); len(imprints) != 2 {
		t.Fatalf("publishing again added a page instead of replacing it: %+v", imprints)
	}

	if _, err := store.Put(ctx, document.LegalPage{TenantID: missing, Kind: document.Imprint, Locale: "en", Body: "x", UpdatedAt: at}); !isInvalid(err) {
		t.Fatalf("Put for a missing tenant = %v", err)
	}

	if err := store.Delete(ctx, first, document.Imprint, "de"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if err := store.Delete(ctx, first, document.Imprint, "de"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("Delete again = %v", err)
	}
	if err := store.Delete(ctx, other, document.Privacy, "de"); !failure.HasKey(err, document.KeyLegalNotPublished) {
		t.Fatalf("Delete of another tenant's page through the wrong tenant = %v", err)
	}
	if list, _ := store.List(ctx, first, document.Privacy); len(list) != 1 {
		t.Fatalf("Delete on tenant B removed tenant A's page: %+v", list)
	}

	if id, err := store.TenantOf(ctx, customerOfOther); err != nil || id != other {
		t.Fatalf("TenantOf(customer of other) = %d, %v; want %d", id, err, other)
	}
	if id, err := store.TenantOf(ctx, 0); err != nil || id != first {
		t.Fatalf("TenantOf(no customer) = %d, %v; want the first tenant %d", id, err, first)
	}
}

func isInvalid(err error) bool {
	f, ok := failure.As(err)
	return ok && f.Kind == failure.Invalid
}
