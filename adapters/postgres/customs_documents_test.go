package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/customsdocs/storetest"
	"parcelportal/app/demo"
	"parcelportal/core/customer"
	"parcelportal/core/customsdoc"
)

func TestCustomsDocumentsContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.CustomsDocuments{Pool: pool}, [2]string{demo.BakeryCRMID, demo.GardenCRMID}, demoCustomers(t, pool), 1<<40)
}

// TestCustomsDocumentsKeepTheirCustomer: a customer holding customs
// documents is shipping history and is not deleted.
func TestCustomsDocumentsKeepTheirCustomer(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	ids := demoCustomers(t, pool)
	store := postgres.CustomsDocuments{Pool: pool}
	if _, _, err := store.Add(ctx, customsdoc.Document{CustomerID: ids[1], Source: customsdoc.SourceUpload, Filename: "a.pdf",
		ContentType: "application/pdf", UploadedAt: time.Now(), UploadedBy: "admin"}, []byte("%PDF")); err != nil {
		t.Fatal(err)
	}
	if err := (postgres.Customers{Pool: pool}).Delete(ctx, ids[1]); !errors.Is(err, customer.ErrHasShippingHistory) {
		t.Fatalf("Delete of a customer with customs documents = %v", err)
	}
}
