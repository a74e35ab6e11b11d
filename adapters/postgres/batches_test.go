package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batches/storetest"
	"parcelportal/app/demo"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// sqlSeeder writes shipments, exchanges and manifests as the job runner does.
type sqlSeeder struct{ pool *pgxpool.Pool }

func (s sqlSeeder) PutShipment(t *testing.T, sh storetest.Shipment) int64 {
	t.Helper()
	state := "PENDING"
	switch {
	case sh.Open:
		state = "SUBMITTING"
	case sh.Cancelled:
		state = "CANCELLED"
	case sh.Success:
		state = "DONE"
	case sh.ErrorMessage != "":
		state = "FAILED"
	}
	var rowID *int64
	if sh.ValidatedShipmentID != 0 {
		rowID = &sh.ValidatedShipmentID
	}
	var submitted *time.Time
	if !sh.SubmittedAt.IsZero() {
		submitted = &sh.SubmittedAt
	}
	var id int64
	err := s.pool.QueryRow(context.Background(), `
		INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success, error_message,
			identifier, label, label_content_type, label_type, customs_doc, soap_request, soap_response, submitted_at,
			reference_number, receiver_name, product, service, destination, api_client, retoure, error_params)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, coalesce($24::jsonb, '{}'))
		RETURNING id`,
		sh.BatchID, rowID, sh.CustomerID, sh.Position, fmt.Sprintf("b%d-r%d-a1", sh.BatchID, sh.Position), state, sh.Success, sh.ErrorMessage,
		sh.Identifier, sh.Label, sh.LabelContentType, sh.LabelType, sh.CustomsDoc, sh.SOAPRequest, sh.SOAPResponse, submitted,
		sh.ReferenceNumber, sh.ReceiverName, sh.Product, sh.Service, sh.Destination, sh.APIClient, sh.Retoure, sh.ErrorParams).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (s sqlSeeder) PutExchange(t *testing.T, batchID int64, e storetest.Exchange) {
	t.Helper()
	var ship *int64
	if e.ShipmentID != 0 {
		ship = &e.ShipmentID
	}
	if _, err := s.pool.Exec(context.Background(), `INSERT INTO carrier_exchange (batch_id, shipment_id, operation, request, response, at)
		VALUES ($1, $2, $3, $4, $5, $6)`, batchID, ship, e.Operation, e.Request, e.Response, e.At); err != nil {
		t.Fatal(err)
	}
}

func (s sqlSeeder) PutManifest(t *testing.T, batchID int64, doc []byte, at time.Time) {
	t.Helper()
	if _, err := s.pool.Exec(context.Background(), `UPDATE batch SET manifest = $2, manifest_created_at = $3 WHERE id = $1`, batchID, doc, at); err != nil {
		t.Fatal(err)
	}
}

// demoCustomers seeds the demo organisation and answers two customer ids.
func demoCustomers(t testing.TB, pool *pgxpool.Pool) [2]int64 {
	t.Helper()
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	var ids [2]int64
	for i, crmid := range []string{demo.BakeryCRMID, demo.GardenCRMID} {
		if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, crmid).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

func TestBatchesContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.Batches{Pool: pool}, sqlSeeder{pool}, demoCustomers(t, pool))
}

func TestBatchesHistoryContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	store := postgres.Batches{Pool: pool}
	storetest.History(t, store, sqlSeeder{pool}, demoCustomers(t, pool))
}

// The database refuses to lose shipping history through a cascade: a
// customer with batches cannot be deleted, and deleting a batch takes its
// rows, shipments and traffic only because Batches.Delete names them.
func TestCustomerWithHistoryIsNotDeleted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	store := postgres.Batches{Pool: pool}
	ids := demoCustomers(t, pool)
	b, err := store.Create(ctx, batch.Batch{CustomerID: ids[0], FileName: "a.csv", Status: batch.Created, CreatedBy: "anna", LabelType: "PDF"},
		[]byte("name\nAnna\n"), []shipment.Validated{storetest.Row(map[string]string{"name": "Anna"})})
	if err != nil {
		t.Fatal(err)
	}
	sh := sqlSeeder{pool}.PutShipment(t, storetest.Shipment{Shipment: batch.Shipment{BatchID: b.ID, CustomerID: ids[0], Position: 1, Success: true, Identifier: "LX1"}})
	sqlSeeder{pool}.PutExchange(t, b.ID, storetest.Exchange{ShipmentID: sh, Operation: "addAndPrint", At: time.Now(), Request: "<r/>", Response: "<s/>"})
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	customers := postgres.Customers{Pool: pool, Sealer: box}

	if err := customers.Delete(ctx, ids[0]); !failure.HasKey(err, customer.KeyHasShippingHistory) {
		t.Fatalf("delete of a customer with history = %v", err)
	}
	// Straight SQL, as a later code path might: refused as well.
	for _, q := range []string{`DELETE FROM customer WHERE id = $1`} {
		if _, err := pool.Exec(ctx, q, ids[0]); err == nil {
			t.Fatalf("%s went through", q)
		}
	}
	if _, err := pool.Exec(ctx, `DELETE FROM batch WHERE id = $1`, b.ID); err == nil {
		t.Fatal("deleting a batch cascaded to its shipments")
	}
	var shipments, exchanges int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM shipment WHERE customer_id = $1), (SELECT count(*) FROM carrier_exchange WHERE batch_id = $2)`,
		ids[0], b.ID).Scan(&shipments, &exchanges); err != nil || shipments != 1 || exchanges != 1 {
		t.Fatalf("history after refused deletes: %d shipments, %d exchanges, %v", shipments, exchanges, err)
	}
	if _, err := customers.Get(ctx, ids[0]); err != nil {
		t.Fatalf("customer after the refused delete = %v", err)
	}

	// The batch's own delete names what goes with it; then the customer may go.
	if err := store.Delete(ctx, b.ID, func(batch.Batch) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := customers.Delete(ctx, ids[0]); err != nil {
		t.Fatalf("delete of a customer without history = %v", err)
	}
}

func TestHubCountry(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	customers := demoCustomers(t, pool)
	ctx := context.Background()
	var hub int64
	if err := pool.QueryRow(ctx, `SELECT hub_id FROM customer WHERE id = $1`, customers[0]).Scan(&hub); err != nil {
		t.Fatal(err)
	}
	hubs := postgres.Hubs{Pool: pool}
	if c, err := hubs.HubCountry(ctx, hub); err != nil || c != "DE" {
		t.Fatalf("HubCountry = %q, %v", c, err)
	}
	if _, err := pool.Exec(ctx, `UPDATE hub SET country_code = 'AT' WHERE id = $1`, hub); err != nil {
		t.Fatal(err)
	}
	if c, err := hubs.HubCountry(ctx, hub); err != nil || c != "AT" {
		t.Fatalf("HubCountry after change = %q, %v", c, err)
	}
	if c, err := hubs.HubCountry(ctx, hub+1000); err != nil || c != "DE" {
		t.Fatalf("HubCountry of no hub = %q, %v", c, err)
	}
}
