package document_test

import (
	"context"
	"testing"

	"parcelportal/adapters/memory"
	appdoc "parcelportal/app/document"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func TestDocUseCases(t *testing.T) {
	ctx := context.Background()
	s := appdoc.Service{Docs: memory.NewDocs()}
	if _, err := s.ActiveDoc(ctx, document.ProductCodes); !failure.HasKey(err, document.KeyNotFound) {
		t.Fatalf("ActiveDoc without any = %v", err)
	}
	if _, err := s.CreateDoc(ctx, document.ProductCodes, document.Doc{Name: "x"}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("CreateDoc without a document = %v", err)
	}
	if list, _ := s.ListDocs(ctx, document.ProductCodes); len(list) != 0 {
		t.Fatalf("a refused document was stored: %+v", list)
	}
	d, err := s.CreateDoc(ctx, document.ProductCodes, document.Doc{Name: "codes", Document: []byte("pdf"), Active: true})
	if err != nil || d.ContentType != "application/octet-stream" {
		t.Fatalf("CreateDoc = %+v, %v", d, err)
	}
	if _, err := s.UpdateDoc(ctx, document.ProductCodes, d.ID, document.Doc{Name: "codes"}); !failure.HasKey(err, document.KeyActiveLocked) {
		t.Fatalf("unticking the active product-codes document = %v", err)
	}
	up, err := s.UpdateDoc(ctx, document.ProductCodes, d.ID, document.Doc{Name: "renamed", Active: true})
	if err != nil || up.Name != "renamed" || string(up.Document) != "pdf" {
		t.Fatalf("UpdateDoc keeps the stored file: %+v, %v", up, err)
	}
	if err := s.DeleteDoc(ctx, document.ProductCodes, d.ID); !failure.HasKey(err, document.KeyActiveNotDeleted) {
		t.Fatalf("deleting the active product-codes document = %v", err)
	}
	c, _ := s.CreateDoc(ctx, document.CSVTemplate, document.Doc{Name: "tpl", Document: []byte("a;b"), Active: true})
	if err := s.DeleteDoc(ctx, document.CSVTemplate, c.ID); err != nil {
		t.Fatalf("deleting the active csv template = %v", err)
	}
}

func TestAcssUseCases(t *testing.T) {
	ctx := context.Background()
	s := appdoc.Service{Acsses: memory.NewAcsses(map[int64]string{1: "Germany"})}
	if _, err := s.CreateAcss(ctx, document.Acss{Name: "bin", CSV: []byte("\x00\x01\x02"), TenantID: 1}); !failure.HasKey(err, document.KeyNotCSV) {
		t.Fatalf("binary csv = %v", err)
	}
	a, err := s.CreateAcss(ctx, document.Acss{Name: "ok", CSV: []byte("zip\n1\n"), TenantID: 1})
	if err != nil || a.FileName != "acss.csv" || a.TenantName != "Germany" {
		t.Fatalf("CreateAcss = %+v, %v", a, err)
	}
	up, err := s.UpdateAcss(ctx, a.ID, document.Acss{Name: "ok2", TenantID: 1})
	if err != nil || string(up.CSV) != "zip\n1\n" || up.Name != "ok2" {
		t.Fatalf("UpdateAcss keeps the csv: %+v, %v", up, err)
	}
	if _, err := s.UpdateAcss(ctx, a.ID, document.Acss{Name: "", TenantID: 1}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("UpdateAcss without name = %v", err)
	}
}
