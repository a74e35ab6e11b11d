package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/documents/storetest"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func TestDocsContract(t *testing.T) {
	t.Parallel()
	storetest.DocsContract(t, postgres.Docs{Pool: postgrestest.NewPool(t)})
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
	storetest.AcssContract(t, postgres.Acsses{Pool: pool}, tenantID, "Acss Tenant")
}
