package memory

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"time"

	"parcelportal/app/batches"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// shipmentOf is a stored shipment as lists and downloads see it; s.mu is held.
func (s *BatchStore) shipmentOf(sh *ShipmentRecord) batch.Shipment {
	out := batch.Shipment{ID: sh.ID, BatchID: sh.BatchID, CustomerID: sh.CustomerID, ValidatedShipmentID: sh.RowID, Position: sh.Position,
		Success: sh.Success, Cancelled: sh.State == shipment.Cancelled, ErrorMessage: sh.ErrorMessage, ErrorParams: maps.Clone(sh.ErrorParams),
		Identifier: sh.Identifier, LabelType: sh.LabelType, LabelContentType: sh.ContentType, HasLabel: sh.Label != nil,
		HasCustomsDoc: sh.CustomsDoc != nil, SubmittedAt: sh.SubmittedAt, ReferenceNumber: sh.ReferenceNumber,
		ReceiverName: sh.ReceiverName, Product: sh.Product, Service: sh.Service, Destination: sh.Destination,
		APIClient: sh.APIClient, Retoure: sh.Retoure, Changed: s.changed(sh)}
	if sb, ok := s.batches[sh.BatchID]; ok {
		out.BatchStatus = sb.b.Status
	}
	return out
}

func matches(sh batch.Shipment, f batch.Filter) bool {
	switch f {
	case batch.FilterChanged:
		return sh.Changed
	case batch.FilterError:
		return !sh.Success && sh.ErrorMessage != ""
	}
	return true
}

// Shipments answers a page of a batch's or a customer's shipments.
func (m *Batches) Shipments(_ context.Context, q batches.ShipmentQuery) ([]batch.Shipment, int, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	type entry struct {
		sh batch.Shipment
		at time.Time
	}
	var all []entry
	for _, st := range s.shipments {
		if (q.BatchID != 0 && st.BatchID != q.BatchID) || (q.CustomerID != 0 && st.CustomerID != q.CustomerID) {
			continue
		}
		if sh := s.shipmentOf(st); matches(sh, q.Filter) {
			all = append(all, entry{sh, st.CreatedAt})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		if q.BatchID != 0 {
			return cmp.Or(cmp.Compare(a.sh.Position, b.sh.Position), cmp.Compare(a.sh.ID, b.sh.ID))
		}
		return cmp.Or(b.at.Compare(a.at), cmp.Compare(b.sh.ID, a.sh.ID))
	})
	page := batchPage(all, q.Page, q.Size)
	out := make([]batch.Shipment, len(page))
	for i, e := range page {
		out[i] = e.sh
	}
	return out, len(all), nil
}

// Shipment answers one shipment.
func (m *Batches) Shipment(_ context.Context, id int64) (out batch.Shipment, err error) {
	err = m.s.withShipment(id, func(sh *ShipmentRecord) error {
		out = m.s.shipmentOf(sh)
		return nil
	})
	return out, err
}

// ShipmentTraffic answers the shipment's last exchange.
func (m *Batches) ShipmentTraffic(_ context.Context, id int64) (request, response string, err error) {
	err = m.s.withShipment(id, func(sh *ShipmentRecord) error {
		request, response = sh.Traffic.Request, sh.Traffic.Response
		return nil
	})
	return request, response, err
}

// DeleteShipment removes a shipment with its traffic, if allow agrees.
func (m *Batches) DeleteShipment(_ context.Context, id int64, allow func(batch.Batch, batch.Shipment) error) error {
	s := m.s
	return s.withShipment(id, func(sh *ShipmentRecord) error {
		sb, ok := s.batches[sh.BatchID]
		if !ok {
			return batch.ErrShipmentNotFound
		}
		if err := allow(s.withCounts(sb), s.shipmentOf(sh)); err != nil {
			return err
		}
		s.remove(sh)
		return nil
	})
}

// remove deletes a shipment, clears its row's changed flag (nothing is left
// to send again for it) and leaves its exchanges to the batch; s.mu is held.
func (s *BatchStore) remove(sh *ShipmentRecord) {
	delete(s.shipments, sh.ID)
	if r := s.rows[sh.RowID]; r != nil {
		r.Changed = false
	}
	for i := range s.exchanges {
		if s.exchanges[i].ShipmentID == sh.ID {
			s.exchanges[i].ShipmentID = 0
		}
	}
}

// CSV answers the file as uploaded.
func (m *Batches) CSV(_ context.Context, batchID int64) (csv []byte, err error) {
	err = m.s.withBatch(batchID, func(sb *storedBatch) error {
		csv = slices.Clone(sb.csv)
		return nil
	})
	return csv, err
}

// Manifest answers the manifest document and when it was made.
func (m *Batches) Manifest(_ context.Context, batchID int64) (doc []byte, at time.Time, err error) {
	err = m.s.withBatch(batchID, func(sb *storedBatch) error {
		doc, at = slices.Clone(sb.manifest), sb.manifestAt
		return nil
	})
	return doc, at, err
}

// documents answers one kind of document of the batch's live shipments by position.
func (s *BatchStore) documents(batchID int64, doc func(*ShipmentRecord) []byte) []batches.Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []batches.Document{}
	for _, sh := range s.shipmentsOf(batchID) {
		if sh.State != shipment.Cancelled && doc(sh) != nil {
			out = append(out, batches.Document{ShipmentID: sh.ID, LabelType: sh.LabelType, ContentType: sh.ContentType, Data: slices.Clone(doc(sh))})
		}
	}
	return out
}

// Labels answers the labels of the batch's live shipments.
func (m *Batches) Labels(_ context.Context, batchID int64) ([]batches.Document, error) {
	return m.s.documents(batchID, func(sh *ShipmentRecord) []byte { return sh.Label }), nil
}

// CustomsDocs answers the customs documents of the batch's live shipments.
func (m *Batches) CustomsDocs(_ context.Context, batchID int64) ([]batches.Document, error) {
	docs := m.s.documents(batchID, func(sh *ShipmentRecord) []byte { return sh.CustomsDoc })
	for i := range docs {
		docs[i].LabelType, docs[i].ContentType = "", "application/pdf"
	}
	return docs, nil
}

// Traffic answers the batch's requests or responses in order.
func (m *Batches) Traffic(_ context.Context, batchID int64, responses bool) ([]batches.Exchange, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []batches.Exchange{}
	for _, e := range s.exchanges {
		sh, ofShipment := s.shipments[e.ShipmentID]
		if e.BatchID != batchID && !(ofShipment && sh.BatchID == batchID) {
			continue
		}
		x := batches.Exchange{Operation: e.Operation, ShipmentID: e.ShipmentID, At: e.At, Text: e.Request}
		if responses {
			x.Text = e.Response
		}
		out = append(out, x)
	}
	return out, nil
}

// ShipmentLabel answers one shipment's label.
func (m *Batches) ShipmentLabel(_ context.Context, id int64) (doc batches.Document, err error) {
	err = m.s.withShipment(id, func(sh *ShipmentRecord) error {
		doc = batches.Document{ShipmentID: id, LabelType: sh.LabelType, ContentType: sh.ContentType, Data: slices.Clone(sh.Label)}
		return nil
	})
	return doc, err
}

// StoredShipment is a shipment as a test of the reads puts it: what lists
// show, with its documents and its last exchange.
type StoredShipment struct {
	batch.Shipment
	// Open: a job is labelling it (PENDING or SUBMITTING).
	Open         bool
	Label        []byte
	CustomsDoc   []byte
	SOAPRequest  string
	SOAPResponse string
	CreatedAt    time.Time
}

// stateOf is the status a shipment put by a test is in.
func stateOf(sh StoredShipment) shipment.Status {
	switch {
	case sh.Open:
		return shipment.Pending
	case sh.Cancelled:
		return shipment.Cancelled
	case sh.Success:
		return shipment.Done
	}
	return shipment.Failed
}

// PutShipment stores a shipment as the job runner would and returns its id.
func (m *Batches) PutShipment(in StoredShipment) int64 {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.ID == 0 {
		in.ID = s.id()
	}
	if in.CreatedAt.IsZero() {
		in.CreatedAt = s.Now.UTC()
	}
	x := in.Shipment
	s.shipments[in.ID] = &ShipmentRecord{ID: in.ID, BatchID: x.BatchID, CustomerID: x.CustomerID, RowID: x.ValidatedShipmentID,
		Position: x.Position, Attempt: 1, Reference: batchjob.Reference(x.BatchID, x.Position, 1), State: stateOf(in),
		Success: x.Success, ErrorMessage: x.ErrorMessage, ErrorParams: maps.Clone(x.ErrorParams), Identifier: x.Identifier,
		Label: slices.Clone(in.Label), ContentType: x.LabelContentType, LabelType: x.LabelType, CustomsDoc: slices.Clone(in.CustomsDoc),
		Traffic: carrier.Traffic{Request: in.SOAPRequest, Response: in.SOAPResponse}, SubmittedAt: x.SubmittedAt, CreatedAt: in.CreatedAt,
		ReferenceNumber: x.ReferenceNumber, ReceiverName: x.ReceiverName, Product: x.Product, Service: x.Service,
		Destination: x.Destination, APIClient: x.APIClient, Retoure: x.Retoure}
	return in.ID
}

// PutExchange records one SOAP exchange of a batch or of a shipment (0
// for the batch's own).
func (m *Batches) PutExchange(batchID, shipmentID int64, operation string, at time.Time, request, response string) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.exchanges = append(s.exchanges, ExchangeRecord{BatchID: batchID, ShipmentID: shipmentID, At: at.UTC(),
		Exchange: batchjob.Exchange{Operation: operation, Traffic: carrier.Traffic{Request: request, Response: response}}})
}

// PutManifest stores a batch's manifest document.
func (m *Batches) PutManifest(batchID int64, doc []byte, at time.Time) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if sb, ok := s.batches[batchID]; ok {
		sb.manifest, sb.manifestAt = slices.Clone(doc), at.UTC()
	}
}

// HubCountries answers hub countries from a fixed map; unknown hubs are in DE.
type HubCountries map[int64]string

// HubCountry names the hub's country.
func (h HubCountries) HubCountry(_ context.Context, hubID int64) (string, error) {
	if c, ok := h[hubID]; ok {
		return c, nil
	}
	return "DE", nil
}
