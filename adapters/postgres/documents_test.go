package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	docstoretest "parcelportal/app/documents/storetest"
	"parcelportal/app/downloadtoken/storetest"
	"parcelportal/app/management/managementtest"
	newsstoretest "parcelportal/app/news/storetest"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func TestDocsContract(t *testing.T) {
	t.Parallel()
	docstoretest.DocsContract(t, postgres.Docs{Pool: postgrestest.NewPool(t)})
}

func TestDocsRefuseOversizedFiles(t *testing.T) {
	t.Parallel()
	docs := postgres.Docs{Pool: postgrestest.NewPool(t)}
	ctx := context.Background()
	_, err := docs.Create(ctx, document.CSVTemplate, document.Doc{Name: "big", Document: make([]byte, document.MaxBytes+1)})
	if !failure.HasKey(err, document.KeyTooLarge) {
		t.Fatalf("Create of an oversized file = %v", err)
	}
	if list, _ := docs.List(ctx, document.CSVTemplate); len(list) != 0 {
		t.Fatalf("an oversized file was stored: %+v", list)
	}
}

func TestAcssContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	var tenantID int64
	err := pool.QueryRow(context.Background(), `INSERT INTO tenant (name, country_code) VALUES ('Acss Tenant', 'DE') RETURNING id`).Scan(&tenantID)
	if err != nil {
		t.Fatal(err)
	}
	docstoretest.AcssContract(t, postgres.Acsses{Pool: pool}, tenantID, "Acss Tenant")
}

func TestNewsContract(t *testing.T) {
	t.Parallel()
	newsstoretest.Contract(t, postgres.News{Pool: postgrestest.NewPool(t)})
}

func TestDownloadTokensContract(t *testing.T) {
	t.Parallel()
	storetest.Contract(t, postgres.DownloadTokens{Pool: postgrestest.NewPool(t)})
}

func TestCatalogContract(t *testing.T) {
	t.Parallel()
	managementtest.CatalogReaderContract(t, postgres.Catalog{Pool: postgrestest.NewPool(t)})
}

func BenchmarkCatalog(b *testing.B) {
	catalog := postgres.Catalog{Pool: postgrestest.NewPool(b)}
	ctx := context.Background()
	for b.Loop() {
		if _, err := catalog.Catalog(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
