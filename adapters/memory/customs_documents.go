package memory

import (
	"context"
	"slices"
	"sync"
	"time"

	"parcelportal/core/customer"
	"parcelportal/core/customsdoc"
)

// CustomsDocuments is the in-memory customs document store; it passes the
// contract of app/customsdocs/storetest.
type CustomsDocuments struct {
	mu        sync.Mutex
	customers map[string]int64
	docs      []storedCustomsDoc
	serial    int64
	// Shippers are what Manifesting answers.
	Shippers []customer.Customer
}

type storedCustomsDoc struct {
	doc  customsdoc.Document
	data []byte
}

// NewCustomsDocuments knows the customers by CRM id.
func NewCustomsDocuments(customers map[string]int64) *CustomsDocuments {
	return &CustomsDocuments{customers: customers}
}

// CustomerOf returns the id of the customer with the CRM id.
func (s *CustomsDocuments) CustomerOf(_ context.Context, crmid string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.customers[crmid]
	if !ok {
		return 0, customsdoc.ErrNotFound
	}
	return id, nil
}

func (s *CustomsDocuments) crmOf(id int64) (string, bool) {
	for crm, cid := range s.customers {
		if cid == id {
			return crm, true
		}
	}
	return "", false
}

// List returns the customers' documents (all for nil), newest first.
func (s *CustomsDocuments) List(_ context.Context, customers []int64, limit int) ([]customsdoc.Document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []customsdoc.Document
	for _, d := range s.docs {
		if customers == nil || slices.Contains(customers, d.doc.CustomerID) {
			out = append(out, d.doc)
		}
	}
	slices.SortFunc(out, func(a, b customsdoc.Document) int {
		if c := b.UploadedAt.Compare(a.UploadedAt); c != 0 {
			return c
		}
		return int(b.ID - a.ID)
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Describe returns the documents with the ids that exist.
func (s *CustomsDocuments) Describe(_ context.Context, ids []int64) ([]customsdoc.Document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []customsdoc.Document
	for _, d := range s.docs {
		if slices.Contains(ids, d.doc.ID) {
			out = append(out, d.doc)
		}
	}
	return out, nil
}

// Read hands the documents' contents to each in the order of ids.
func (s *CustomsDocuments) Read(_ context.Context, ids []int64, each func(customsdoc.Document, []byte) error) error {
	s.mu.Lock()
	picked := make([]storedCustomsDoc, 0, len(ids))
	for _, id := range ids {
		i := slices.IndexFunc(s.docs, func(d storedCustomsDoc) bool { return d.doc.ID == id })
		if i < 0 {
			s.mu.Unlock()
			return customsdoc.ErrNotFound
		}
		picked = append(picked, s.docs[i])
	}
	s.mu.Unlock()
	for _, d := range picked {
		if err := each(d.doc, d.data); err != nil {
			return err
		}
	}
	return nil
}

// RecordDownloads stamps the documents as downloaded at by by.
func (s *CustomsDocuments) RecordDownloads(_ context.Context, ids []int64, by string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	found := 0
	for i := range s.docs {
		if slices.Contains(ids, s.docs[i].doc.ID) {
			found++
		}
	}
	if found != len(ids) {
		return customsdoc.ErrNotFound
	}
	for i := range s.docs {
		if slices.Contains(ids, s.docs[i].doc.ID) {
			s.docs[i].doc.LastDownloadedAt, s.docs[i].doc.LastDownloadedBy = at.UTC().Truncate(time.Microsecond), by
		}
	}
	return nil
}

// Add stores a document, a carrier document once per customer.
func (s *CustomsDocuments) Add(_ context.Context, d customsdoc.Document, data []byte) (customsdoc.Document, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	crm, ok := s.crmOf(d.CustomerID)
	if !ok {
		return customsdoc.Document{}, false, customsdoc.ErrNotFound
	}
	if d.CarrierDocumentID != "" {
		for _, held := range s.docs {
			if held.doc.CustomerID == d.CustomerID && held.doc.CarrierDocumentID == d.CarrierDocumentID {
				return held.doc, false, nil
			}
		}
	}
	s.serial++
	d.ID, d.CRMID, d.Size = s.serial, crm, int64(len(data))
	d.UploadedAt = d.UploadedAt.UTC().Truncate(time.Microsecond)
	d.LastDownloadedAt, d.LastDownloadedBy = time.Time{}, ""
	s.docs = append(s.docs, storedCustomsDoc{doc: d, data: slices.Clone(data)})
	return d, true, nil
}

// Manifesting answers Shippers.
func (s *CustomsDocuments) Manifesting(context.Context, time.Time) ([]customer.Customer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.Shippers), nil
}
