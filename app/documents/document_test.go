package documents_test

import (
	"context"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/documents"
	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

var admin = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}

func TestDocUseCases(t *testing.T) {
	ctx := context.Background()
	s := documents.Service{Docs: memory.NewDocs()}
	if _, err := s.ActiveDoc(ctx, admin, document.ProductCodes); !failure.HasKey(err, document.KeyNotFound) {
		t.Fatalf("ActiveDoc without any = %v", err)
	}
	if _, err := s.CreateDoc(ctx, admin, document.ProductCodes, document.Doc{Name: "x"}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("CreateDoc without a document = %v", err)
	}
	if list, _ := s.ListDocs(ctx, admin, document.ProductCodes); len(list) != 0 {
		t.Fatalf("a refused document was stored: %+v", list)
	}
	d, err := s.CreateDoc(ctx, admin, document.ProductCodes, document.Doc{Name: "codes", Document: []byte("pdf"), Active: true})
	if err != nil || d.ContentType != "application/octet-stream" {
		t.Fatalf("CreateDoc = %+v, %v", d, err)
	}
	if _, err := s.UpdateDoc(ctx, admin, document.ProductCodes, d.ID, document.Doc{Name: "codes"}); !failure.HasKey(err, document.KeyActiveLocked) {
		t.Fatalf("unticking the active product-codes document = %v", err)
	}
	up, err := s.UpdateDoc(ctx, admin, document.ProductCodes, d.ID, document.Doc{Name: "renamed", Active: true})
	if err != nil || up.Name != "renamed" || string(up.Document) != "pdf" {
		t.Fatalf("UpdateDoc keeps the stored file: %+v, %v", up, err)
	}
	if err := s.DeleteDoc(ctx, admin, document.ProductCodes, d.ID); !failure.HasKey(err, document.KeyActiveNotDeleted) {
		t.Fatalf("deleting the active product-codes document = %v", err)
	}
	c, _ := s.CreateDoc(ctx, admin, document.CSVTemplate, document.Doc{Name: "tpl", Document: []byte("a;b"), Active: true})
	if err := s.DeleteDoc(ctx, admin, document.CSVTemplate, c.ID); err != nil {
		t.Fatalf("deleting the active csv template = %v", err)
	}
}

func TestAcssUseCases(t *testing.T) {
	ctx := context.Background()
	s := documents.Service{Acsses: memory.NewAcsses(map[int64]string{1: "Germany"})}
	if _, err := s.CreateAcss(ctx, admin, document.Acss{Name: "bin", CSV: []byte("\x00\x01\x02"), TenantID: 1}); !failure.HasKey(err, document.KeyNotCSV) {
		t.Fatalf("binary csv = %v", err)
	}
	a, err := s.CreateAcss(ctx, admin, document.Acss{Name: "ok", CSV: []byte("zip\n1\n"), TenantID: 1})
	if err != nil || a.FileName != "acss.csv" || a.TenantName != "Germany" {
		t.Fatalf("CreateAcss = %+v, %v", a, err)
	}
	up, err := s.UpdateAcss(ctx, admin, a.ID, document.Acss{Name: "ok2", TenantID: 1})
	if err != nil || string(up.CSV) != "zip\n1\n" || up.Name != "ok2" {
		t.Fatalf("UpdateAcss keeps the csv: %+v, %v", up, err)
	}
	if _, err := s.UpdateAcss(ctx, admin, a.ID, document.Acss{Name: "", TenantID: 1}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("UpdateAcss without name = %v", err)
	}
}

// The use cases check the caller themselves, behind the role table: a user
// (and operations) reads the active documents of the shipping screens but
// maintains neither documents nor acss files.
func TestDocumentsRefuseCallersBelowAdmin(t *testing.T) {
	ctx := context.Background()
	s := documents.Service{Docs: memory.NewDocs(), Acsses: memory.NewAcsses(map[int64]string{1: "Germany"})}
	d, err := s.CreateDoc(ctx, admin, document.CSVTemplate, document.Doc{Name: "tpl", Document: []byte("a;b"), Active: true})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.CreateAcss(ctx, admin, document.Acss{Name: "ok", CSV: []byte("zip\n1\n"), TenantID: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, caller := range []*access.Caller{
		{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1},
		{Login: "operations", Roles: []access.Role{access.Operations}},
	} {
		forbidden := func(what string, err error) {
			t.Helper()
			if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
				t.Errorf("%s by %s = %v; want forbidden", what, caller.Login, err)
			}
		}
		_, err := s.ListDocs(ctx, caller, document.CSVTemplate)
		forbidden("ListDocs", err)
		_, err = s.GetDoc(ctx, caller, document.CSVTemplate, d.ID)
		forbidden("GetDoc", err)
		_, err = s.CreateDoc(ctx, caller, document.CSVTemplate, document.Doc{Name: "x", Document: []byte("x")})
		forbidden("CreateDoc", err)
		_, err = s.UpdateDoc(ctx, caller, document.CSVTemplate, d.ID, document.Doc{Name: "x"})
		forbidden("UpdateDoc", err)
		forbidden("DeleteDoc", s.DeleteDoc(ctx, caller, document.CSVTemplate, d.ID))
		_, err = s.ListAcss(ctx, caller)
		forbidden("ListAcss", err)
		_, err = s.GetAcss(ctx, caller, a.ID)
		forbidden("GetAcss", err)
		_, err = s.CreateAcss(ctx, caller, document.Acss{Name: "x", CSV: []byte("a\n"), TenantID: 1})
		forbidden("CreateAcss", err)
		_, err = s.UpdateAcss(ctx, caller, a.ID, document.Acss{Name: "x", TenantID: 1})
		forbidden("UpdateAcss", err)
		forbidden("DeleteAcss", s.DeleteAcss(ctx, caller, a.ID))
		if got, err := s.ActiveDoc(ctx, caller, document.CSVTemplate); err != nil || got.Name != "tpl" {
			t.Errorf("ActiveDoc by %s = %+v, %v; want the unchanged template", caller.Login, got, err)
		}
	}
}

// TestStoredFileNamesLoseBidiControls: documents and acss files are stored
// and offered under the name they are, not as a right-to-left override
// shows them ("invoice\u202efdp.exe" looks like "invoiceexe.pdf").
func TestStoredFileNamesLoseBidiControls(t *testing.T) {
	ctx := context.Background()
	s := documents.Service{Docs: memory.NewDocs(), Acsses: memory.NewAcsses(map[int64]string{1: "Germany"})}
	const bidi, clean = "invoice\u202efdp.exe", "invoicefdp.exe"
	d, err := s.CreateDoc(ctx, admin, document.CSVTemplate, document.Doc{Name: "tpl", Document: []byte("a;b"), FileName: bidi})
	if err != nil || d.FileName != clean {
		t.Fatalf("CreateDoc = %q, %v", d.FileName, err)
	}
	d, err = s.UpdateDoc(ctx, admin, document.CSVTemplate, d.ID, document.Doc{Name: "tpl", Document: []byte("a;c"), FileName: "x\u2067" + bidi})
	if err != nil || d.FileName != "x"+clean {
		t.Fatalf("UpdateDoc = %q, %v", d.FileName, err)
	}
	a, err := s.CreateAcss(ctx, admin, document.Acss{Name: "a", CSV: []byte("zip\n1\n"), TenantID: 1, FileName: bidi})
	if err != nil || a.FileName != clean {
		t.Fatalf("CreateAcss = %q, %v", a.FileName, err)
	}
	a, err = s.UpdateAcss(ctx, admin, a.ID, document.Acss{Name: "a", CSV: []byte("zip\n2\n"), TenantID: 1, FileName: "\u200f" + bidi})
	if err != nil || a.FileName != clean {
		t.Fatalf("UpdateAcss = %q, %v", a.FileName, err)
	}
	if got, err := s.GetAcss(ctx, admin, a.ID); err != nil || got.FileName != clean {
		t.Fatalf("GetAcss = %q, %v", got.FileName, err)
	}
}
