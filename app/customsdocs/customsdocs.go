// Package customsdocs holds the use cases of the customs documents page
// (spec 2 sections 2.6 and 7): the documents of the active customer's CRM
// id, one download (recording when and by whom), a bulk download as one
// zip, a staff upload, and the collection of the documents the carrier
// publishes for manifested shipments (Collect, run by the worker).
package customsdocs

import (
	"context"
	"io"
	"time"

	"parcelportal/app/clock"
	"parcelportal/core/access"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/customsdoc"
)

// Store keeps the customs documents.
type Store interface {
	// CustomerOf returns the id of the customer with the CRM id;
	// customsdoc.ErrNotFound when there is none.
	CustomerOf(ctx context.Context, crmid string) (int64, error)
	// List returns the documents of the customers (all when customers is
	// nil), newest first, at most limit.
	List(ctx context.Context, customers []int64, limit int) ([]customsdoc.Document, error)
	// Describe returns the documents with the ids that exist, without
	// their content, in no particular order.
	Describe(ctx context.Context, ids []int64) ([]customsdoc.Document, error)
	// Read hands each document's content to each, in the order of ids, one
	// at a time; a document deleted meanwhile is customsdoc.ErrNotFound.
	Read(ctx context.Context, ids []int64, each func(customsdoc.Document, []byte) error) error
	// RecordDownloads records that by downloaded the documents at at; a
	// document deleted meanwhile is customsdoc.ErrNotFound.
	RecordDownloads(ctx context.Context, ids []int64, by string, at time.Time) error
	// Add stores a document. A carrier document the customer holds already
	// (same CarrierDocumentID) is not stored again: created is false.
	Add(ctx context.Context, d customsdoc.Document, data []byte) (stored customsdoc.Document, created bool, err error)
}

// Zipper writes documents into one zip archive on w.
type Zipper interface {
	Zip(w io.Writer, names []string, next func(write func([]byte) error) error) error
}

// Service holds the customs document use cases.
type Service struct {
	Store Store
	Now   clock.Clock
}

// readers may list and download (spec 2 section 6): the report roles.
var readers = access.Reporters

// uploaders may upload a document by hand: admins.
var uploaders = access.Admins

// customersOf resolves the CRM id the caller names to the customers whose
// documents it sees: the named customer when the caller acts for it (else
// not found), or without a name the caller's own customers (staff: all,
// all true).
func (s Service) customersOf(ctx context.Context, caller *access.Caller, crmid string) (ids []int64, all bool, err error) {
	if crmid != "" {
		id, err := s.Store.CustomerOf(ctx, crmid)
		if err != nil {
			return nil, false, err
		}
		if !caller.CanActFor(id) {
			return nil, false, customsdoc.ErrNotFound
		}
		return []int64{id}, false, nil
	}
	if caller.Has(access.SuperAdmin, access.Admin, access.Operations, access.CustomerService) {
		return nil, true, nil
	}
	if caller.CustomerID != 0 {
		ids = append(ids, caller.CustomerID)
	}
	return append(ids, caller.FulfillmentCustomers...), false, nil
}

// List returns the documents of the CRM id (or of the caller's customers
// when crmid is empty), newest first, at most customsdoc.MaxList.
func (s Service) List(ctx context.Context, caller *access.Caller, crmid string) ([]customsdoc.Document, error) {
	if err := readers.Check(caller); err != nil {
		return nil, err
	}
	ids, all, err := s.customersOf(ctx, caller, crmid)
	if err != nil {
		return nil, err
	}
	if !all && len(ids) == 0 {
		return nil, nil
	}
	return s.Store.List(ctx, ids, customsdoc.MaxList)
}

// visible checks that every id names a document the caller acts for; a
// missing one or another customer's is customsdoc.ErrNotFound.
func (s Service) visible(ctx context.Context, caller *access.Caller, ids []int64) ([]customsdoc.Document, error) {
	if err := readers.Check(caller); err != nil {
		return nil, err
	}
	docs, err := s.Store.Describe(ctx, ids)
	if err != nil {
		return nil, err
	}
	if len(docs) != len(ids) {
		return nil, customsdoc.ErrNotFound
	}
	for _, d := range docs {
		if !caller.CanActFor(d.CustomerID) {
			return nil, customsdoc.ErrNotFound
		}
	}
	return docs, nil
}

// Download returns one document and records its download.
func (s Service) Download(ctx context.Context, caller *access.Caller, id int64) (customsdoc.File, error) {
	if _, err := s.visible(ctx, caller, []int64{id}); err != nil {
		return customsdoc.File{}, err
	}
	var f customsdoc.File
	err := s.Store.Read(ctx, []int64{id}, func(d customsdoc.Document, data []byte) error {
		f = customsdoc.File{Filename: customsdoc.CleanFilename(d.Filename), ContentType: d.ContentType, Data: data}
		return nil
	})
	if err != nil {
		return customsdoc.File{}, err
	}
	return f, s.Store.RecordDownloads(ctx, []int64{id}, caller.Login, s.Now.UTC())
}

// BulkDownload writes the selected documents as one zip to w, reading them
// one at a time, and records their downloads once the whole zip was
// handed to w (flushed, when w buffers): a download that breaks off
// records nothing. The selection
// is checked (size, scope, total bytes) before a byte is written.
func (s Service) BulkDownload(ctx context.Context, caller *access.Caller, ids []int64, z Zipper, w io.Writer) error {
	if err := readers.Check(caller); err != nil {
		return err
	}
	ids, err := customsdoc.CheckSelection(ids)
	if err != nil {
		return err
	}
	docs, err := s.visible(ctx, caller, ids)
	if err != nil {
		return err
	}
	var total int64
	byID := make(map[int64]customsdoc.Document, len(docs))
	for _, d := range docs {
		total += d.Size
		byID[d.ID] = d
	}
	if err := customsdoc.CheckBulkSize(total); err != nil {
		return err
	}
	ordered := make([]customsdoc.Document, len(ids))
	for i, id := range ids {
		ordered[i] = byID[id]
	}
	names := customsdoc.ZipNames(ordered)
	err = z.Zip(w, names, func(write func([]byte) error) error {
		return s.Store.Read(ctx, ids, func(_ customsdoc.Document, data []byte) error {
			return write(data)
		})
	})
	if f, ok := w.(interface{ Flush() error }); ok && err == nil {
		err = f.Flush()
	}
	if err != nil {
		return err
	}
	return s.Store.RecordDownloads(ctx, ids, caller.Login, s.Now.UTC())
}

// Upload stores a PDF staff upload for the customer with the CRM id,
// optionally naming the shipment's identifier.
func (s Service) Upload(ctx context.Context, caller *access.Caller, crmid, identifier, filename string, data []byte) (customsdoc.Document, error) {
	if err := uploaders.Check(caller); err != nil {
		return customsdoc.Document{}, err
	}
	name, err := customsdoc.CheckUpload(filename, data)
	if err != nil {
		return customsdoc.Document{}, err
	}
	id, err := s.Store.CustomerOf(ctx, crmid)
	if err != nil {
		return customsdoc.Document{}, err
	}
	d, _, err := s.Store.Add(ctx, customsdoc.Document{
		CustomerID: id, CRMID: crmid, Identifier: customsdoc.CleanFilename(identifier), Source: customsdoc.SourceUpload,
		Filename: name, ContentType: "application/pdf", Size: int64(len(data)), UploadedAt: s.Now.UTC(), UploadedBy: caller.Login,
	}, data)
	return d, err
}

// Shippers are the customers the collection asks the carrier for.
type Shippers interface {
	// Manifesting lists the customers with a manifest created since, with
	// their carrier logins.
	Manifesting(ctx context.Context, since time.Time) ([]customer.Customer, error)
}

// Publisher is the carrier's side of customs documents: it publishes them
// for manifested shipments that need one, keeps them until acknowledged.
type Publisher interface {
	PublishedCustomsDocuments(ctx context.Context, c carrier.Credentials, max int) ([]carrier.CustomsDocument, error)
	AcknowledgeCustomsDocuments(ctx context.Context, c carrier.Credentials, ids []string) error
}
