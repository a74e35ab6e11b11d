// Package storetest holds the contract tests of the document and acss
// stores, run against Postgres and the in-memory fakes alike.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"parcelportal/app/documents"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

var ctx = context.Background()

// DocsContract checks both kinds: round trips, one active document per
// kind, update and delete callbacks, and that the kinds stay apart.
func DocsContract(t *testing.T, docs documents.Docs) {
	t.Run("round trip and one active per kind", func(t *testing.T) {
		a, err := docs.Create(ctx, document.CSVTemplate, document.Doc{Name: "a", Document: []byte("a;b\n"), ContentType: "text/csv", FileName: "a.csv", Active: true})
		if err != nil || a.ID == 0 || a.CreatedAt.IsZero() {
			t.Fatalf("Create = %+v, %v", a, err)
		}
		b, err := docs.Create(ctx, document.CSVTemplate, document.Doc{Name: "b", Document: []byte{0, 1, 2, 255}, ContentType: "application/pdf", FileName: "b.pdf", Active: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := docs.Get(ctx, document.CSVTemplate, b.ID)
		if err != nil || got.Name != "b" || !bytes.Equal(got.Document, []byte{0, 1, 2, 255}) || got.ContentType != "application/pdf" || got.FileName != "b.pdf" || !got.Active {
			t.Fatalf("Get = %+v, %v", got, err)
		}
		if got, _ := docs.Get(ctx, document.CSVTemplate, a.ID); got.Active {
			t.Fatal("activating b leaves a active")
		}
		active, found, err := docs.Active(ctx, document.CSVTemplate)
		if err != nil || !found || active.ID != b.ID || len(active.Document) != 4 {
			t.Fatalf("Active = %+v, %v, %v", active, found, err)
		}
		if _, found, err := docs.Active(ctx, document.ProductCodes); err != nil || found {
			t.Fatalf("the other kind has an active document: %v, %v", found, err)
		}
		list, err := docs.List(ctx, document.CSVTemplate)
		if err != nil || len(list) != 2 || list[0].ID != b.ID || list[0].Size != 4 || list[0].Document != nil {
			t.Fatalf("List = %+v, %v", list, err)
		}
		if _, err := docs.Get(ctx, document.ProductCodes, a.ID); !isNotFound(err) {
			t.Fatalf("Get of the other kind = %v", err)
		}
	})

	t.Run("update and delete callbacks", func(t *testing.T) {
		d, err := docs.Create(ctx, document.ProductCodes, document.Doc{Name: "codes", Document: []byte("x"), ContentType: "text/plain"})
		if err != nil {
			t.Fatal(err)
		}
		refused := errors.New("refused")
		if _, err := docs.Update(ctx, document.ProductCodes, d.ID, func(document.Doc) (document.Doc, error) { return document.Doc{}, refused }); !errors.Is(err, refused) {
			t.Fatalf("Update with a failing change = %v", err)
		}
		up, err := docs.Update(ctx, document.ProductCodes, d.ID, func(s document.Doc) (document.Doc, error) {
			s.Name, s.Active = "codes 2", true
			return s, nil
		})
		if err != nil || up.Name != "codes 2" || !up.Active || !up.CreatedAt.Equal(d.CreatedAt) || string(up.Document) != "x" {
			t.Fatalf("Update = %+v, %v", up, err)
		}
		if _, err := docs.Update(ctx, document.ProductCodes, d.ID+100000, func(s document.Doc) (document.Doc, error) { return s, nil }); !isNotFound(err) {
			t.Fatalf("Update of a missing id = %v", err)
		}
		if err := docs.Delete(ctx, document.ProductCodes, d.ID, func(document.Doc) error { return refused }); !errors.Is(err, refused) {
			t.Fatalf("Delete with a failing check = %v", err)
		}
		if err := docs.Delete(ctx, document.ProductCodes, d.ID, func(document.Doc) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := docs.Get(ctx, document.ProductCodes, d.ID); !isNotFound(err) {
			t.Fatalf("deleted document = %v", err)
		}
		if err := docs.Delete(ctx, document.ProductCodes, d.ID, func(document.Doc) error { return nil }); !isNotFound(err) {
			t.Fatalf("second Delete = %v", err)
		}
	})
}

// AcssContract checks the acss round trip with its tenant; tenantID names
// an existing tenant called tenantName.
func AcssContract(t *testing.T, store documents.Acsses, tenantID int64, tenantName string) {
	a, err := store.Create(ctx, document.Acss{Name: "corrections", Description: "d", CSV: []byte("zip,street\n"), FileName: "c.csv", TenantID: tenantID})
	if err != nil || a.ID == 0 || a.CreatedAt.IsZero() || a.TenantName != tenantName || a.Active {
		t.Fatalf("Create = %+v, %v", a, err)
	}
	if _, err := store.Create(ctx, document.Acss{Name: "x", CSV: []byte("a\n"), FileName: "x.csv", TenantID: tenantID + 100000}); !isKind(err, failure.Invalid) {
		t.Fatalf("Create with an unknown tenant = %v", err)
	}
	up, err := store.Update(ctx, a.ID, func(s document.Acss) (document.Acss, error) {
		s.Name, s.Active, s.CSV = "corrections 2", true, []byte("zip\n1\n")
		return s, nil
	})
	if err != nil || up.Name != "corrections 2" || !up.Active || string(up.CSV) != "zip\n1\n" {
		t.Fatalf("Update = %+v, %v", up, err)
	}
	list, err := store.List(ctx)
	if err != nil || len(list) != 1 || list[0].TenantName != tenantName || list[0].CSV != nil || list[0].FileName != "c.csv" {
		t.Fatalf("List = %+v, %v", list, err)
	}
	got, err := store.Get(ctx, a.ID)
	if err != nil || string(got.CSV) != "zip\n1\n" || got.Description != "d" {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	if err := store.Delete(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, a.ID); !isNotFound(err) {
		t.Fatalf("deleted acss = %v", err)
	}
	if err := store.Delete(ctx, a.ID); !isNotFound(err) {
		t.Fatalf("second Delete = %v", err)
	}
}

func isNotFound(err error) bool { return isKind(err, failure.NotFound) }

func isKind(err error, k failure.Kind) bool {
	e, ok := failure.As(err)
	return ok && e.Kind == k
}
