package postgrestest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Shipment is one shipment as a fixture writes it: a batch row when
// BatchStatus is set, else a single parcel (no batch).
type Shipment struct {
	Customer      int64
	BatchStatus   string
	Source        string
	State         string
	Success       bool
	At            time.Time
	Receiver      string
	Identifier    string
	Reference     string
	Product       string
	Service       string
	Destination   string
	PostalCode    string
	City          string
	Options       string
	Format        string
	Weight        string
	InvoiceNumber string
	LabelType     string
	APIClient     string
	Label         []byte
	ContentType   string
	// Lines are order lines as (quantity, value) pairs.
	Lines [][2]string
}

// position numbers fixture rows; parcels share the NULL batch.
var position atomic.Int64

// PutShipment writes the shipment with its row (and batch) by SQL,
// as the batch job and the parcel calls do, and answers its id.
func PutShipment(t testing.TB, pool *pgxpool.Pool, s Shipment) int64 {
	t.Helper()
	ctx := context.Background()
	var batchID *int64
	if s.BatchStatus != "" {
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, label_type)
			VALUES ($1, 'r.csv', '', $2, 'fixture', 'PDF') RETURNING id`, s.Customer, s.BatchStatus).Scan(&id); err != nil {
			t.Fatal(err)
		}
		batchID = &id
	}
	if s.Source == "" {
		s.Source = "BATCH"
		if batchID == nil {
			s.Source = "INDIVIDUAL_PARCEL"
		}
	}
	if s.State == "" {
		s.State, s.Success = "DONE", true
	}
	if s.At.IsZero() {
		s.At = time.Now().Add(-time.Hour)
	}
	cell := func(v string) map[string]any { return map[string]any{"value": v, "violations": []any{}} }
	fields, _ := json.Marshal(map[string]any{"postalcode": cell(s.PostalCode), "city": cell(s.City), "options": cell(s.Options),
		"format": cell(s.Format), "weight": cell(s.Weight), "invoiceNumber": cell(s.InvoiceNumber), "currency": cell("EUR"),
		"name": cell(s.Receiver), "referencenumber": cell(s.Reference)})
	lines := []map[string]any{}
	for _, l := range s.Lines {
		lines = append(lines, map[string]any{"quantity": cell(l[0]), "value": cell(l[1]), "description": cell("goods")})
	}
	orderLines, _ := json.Marshal(lines)
	pos := position.Add(1)
	var rowID, id int64
	if err := pool.QueryRow(ctx, `INSERT INTO validated_shipment (batch_id, position, fields, order_lines, valid, customer_id, source)
		VALUES ($1, $2, $3, $4, true, $5, $6) RETURNING id`, batchID, pos, fields, orderLines, s.Customer, s.Source).Scan(&rowID); err != nil {
		t.Fatal(err)
	}
	var submitted *time.Time
	if s.State != "PENDING" {
		submitted = &s.At
	}
	if err := pool.QueryRow(ctx, `INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success,
			identifier, label, label_content_type, label_type, submitted_at, created_at, reference_number, receiver_name, product, service,
			destination, api_client, error_message)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, CASE WHEN $7 THEN '' ELSE 'failed' END)
		RETURNING id`, batchID, rowID, s.Customer, pos, fmt.Sprintf("rep-%d", pos), s.State, s.Success,
		s.Identifier, s.Label, s.ContentType, s.LabelType, submitted, s.At, s.Reference, s.Receiver, s.Product, s.Service,
		s.Destination, s.APIClient).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
