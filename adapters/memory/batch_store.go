package memory

import (
	"cmp"
	"maps"
	"slices"
	"sync"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/clock"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// BatchStore keeps batches, their grid rows, shipments and carrier
// exchanges in memory, in one state that the batch use cases (Batches) and
// the batch job runner (Work) share, as they share the tables in Postgres:
// a batch uploaded through one is sent through the other, so an app test
// with no infrastructure can go from upload to download.
type BatchStore struct {
	mu        sync.Mutex
	next      int64
	batches   map[int64]*storedBatch
	rows      map[int64]*storedRow
	shipments map[int64]*ShipmentRecord
	exchanges []ExchangeRecord
	locks     map[int64]bool

	// Now stamps new batches, shipments and exchanges; the wall clock when nil.
	Now clock.Clock
	// HubCountry names the country a customer's parcels leave from (Postgres
	// reads the customer's hub); DE when nil.
	HubCountry func(customerID int64) string

	// Batches is the store as the batch use cases see it (app/batches).
	Batches *Batches
	// Work is the store as the batch job runner sees it (app/batchjob).
	Work *BatchWork
}

// NewBatchStore returns an empty store.
func NewBatchStore() *BatchStore {
	s := &BatchStore{batches: map[int64]*storedBatch{}, rows: map[int64]*storedRow{}, shipments: map[int64]*ShipmentRecord{},
		locks: map[int64]bool{}}
	s.Batches, s.Work = &Batches{s}, &BatchWork{s}
	return s
}

// storedBatch is a batch with its file, manifest and job state.
type storedBatch struct {
	b              batch.Batch
	csv            []byte
	manifest       []byte
	manifestNumber string
	manifestAt     time.Time
	// preparedFor is the status whose job chose its shipments.
	preparedFor batch.Status
	hubCountry  string
}

// storedRow is a grid row with the highest label attempt given to its
// shipments, so a shipment made again for it gets a reference of its own.
type storedRow struct {
	batch.ValidatedShipment
	attempts int
}

// ShipmentRecord is a shipment with every column the store keeps.
type ShipmentRecord struct {
	ID, BatchID, CustomerID, RowID int64
	Position, Attempt              int
	Reference                      string
	State                          shipment.Status
	Success                        bool
	ErrorMessage                   string
	ErrorParams                    map[string]string
	Identifier                     string
	Label                          []byte
	ContentType                    string
	LabelType                      string
	CustomsDoc                     []byte
	Traffic                        carrier.Traffic
	SubmittedAt                    time.Time
	CreatedAt                      time.Time
	// What lists show of the row, copied when the shipment is made or sent again.
	ReferenceNumber, ReceiverName, Product, Service, Destination, APIClient string
	Retoure                                                                 bool
}

// ExchangeRecord is one kept carrier exchange; ShipmentID is 0 for the
// batch's own (manifests, labels of removed shipments).
type ExchangeRecord struct {
	BatchID, ShipmentID int64
	At                  time.Time
	batchjob.Exchange
}

func (s *BatchStore) id() int64 {
	s.next++
	return s.next
}

func (s *BatchStore) hubCountry(customerID int64) string {
	if s.HubCountry != nil {
		return s.HubCountry(customerID)
	}
	return "DE"
}

// shipmentsOf lists a batch's shipments by position; s.mu is held.
func (s *BatchStore) shipmentsOf(batchID int64) []*ShipmentRecord {
	var out []*ShipmentRecord
	for _, sh := range s.shipments {
		if sh.BatchID == batchID {
			out = append(out, sh)
		}
	}
	slices.SortFunc(out, func(x, y *ShipmentRecord) int {
		return cmp.Or(cmp.Compare(x.Position, y.Position), cmp.Compare(x.ID, y.ID))
	})
	return out
}

// changed reports the changed flag of a shipment's row; s.mu is held.
func (s *BatchStore) changed(sh *ShipmentRecord) bool {
	r := s.rows[sh.RowID]
	return r != nil && r.Changed
}

// summarise copies what lists show of the row onto its shipment.
func summarise(sh *ShipmentRecord, d shipment.Draft) {
	f := d.Fields
	sh.ReferenceNumber, sh.ReceiverName, sh.Product, sh.Service = f["referencenumber"], f["name"], f["product"], f["service"]
	sh.Destination, sh.Retoure = f["isoCountry"], f["returnOptions"] != ""
}

func cloneValidated(v shipment.Validated) shipment.Validated {
	out := shipment.Validated{Valid: v.Valid, Fields: make(map[string]shipment.Value, len(v.Fields))}
	for k, f := range v.Fields {
		out.Fields[k] = cloneValue(f)
	}
	for _, l := range v.OrderLines {
		line := make(map[string]shipment.Value, len(l))
		for k, f := range l {
			line[k] = cloneValue(f)
		}
		out.OrderLines = append(out.OrderLines, line)
	}
	return out
}

func cloneValue(v shipment.Value) shipment.Value {
	if v.Violations == nil {
		return v
	}
	vs := make([]shipment.Violation, len(v.Violations))
	for i, x := range v.Violations {
		vs[i] = shipment.Violation{Key: x.Key, Attributes: maps.Clone(x.Attributes)}
	}
	v.Violations = vs
	return v
}

func cloneRow(r batch.ValidatedShipment) batch.ValidatedShipment {
	r.Validated = cloneValidated(r.Validated)
	return r
}

// validatedOf is a draft as a row holding it, every value without violations.
func validatedOf(d shipment.Draft, valid bool) shipment.Validated {
	v := shipment.Validated{Valid: valid, Fields: make(map[string]shipment.Value, len(d.Fields))}
	for k, x := range d.Fields {
		v.Fields[k] = shipment.Value{Value: x}
	}
	for _, l := range d.OrderLines {
		line := make(map[string]shipment.Value, len(l))
		for k, x := range l {
			line[k] = shipment.Value{Value: x}
		}
		v.OrderLines = append(v.OrderLines, line)
	}
	return v
}

// withBatch runs f on the batch with the store locked; an unknown batch is
// batch.ErrNotFound.
func (s *BatchStore) withBatch(id int64, f func(*storedBatch) error) error {
	return withEntry(&s.mu, s.batches, id, batch.ErrNotFound, f)
}

// withShipment runs f on the shipment with the store locked; an unknown
// shipment is batch.ErrShipmentNotFound.
func (s *BatchStore) withShipment(id int64, f func(*ShipmentRecord) error) error {
	return withEntry(&s.mu, s.shipments, id, batch.ErrShipmentNotFound, f)
}

// withEntry runs f on the entry of id with mu held; a missing id is
// notFound.
func withEntry[V any](mu *sync.Mutex, entries map[int64]V, id int64, notFound error, f func(V) error) error {
	mu.Lock()
	defer mu.Unlock()
	v, ok := entries[id]
	if !ok {
		return notFound
	}
	return f(v)
}
