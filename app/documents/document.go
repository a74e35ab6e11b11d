// Package documents holds the use cases of the product-codes and CSV-template
// documents, of the acss files (spec 3) and of the legal pages (issue 25).
package documents

import (
	"context"
	"time"

	"parcelportal/core/document"
)

// Docs keeps the product-codes and CSV-template documents, one list per kind.
type Docs interface {
	// List returns the kind's documents newest first, with Size but
	// without the document bytes.
	List(ctx context.Context, kind document.Kind) ([]document.Doc, error)
	// Get returns one document with its bytes; a missing id (or one of
	// the other kind) is a NotFound failure with key document.KeyNotFound.
	Get(ctx context.Context, kind document.Kind, id int64) (document.Doc, error)
	// Active returns the kind's active document with its bytes; found is
	// false when none is active.
	Active(ctx context.Context, kind document.Kind) (d document.Doc, found bool, err error)
	// Create stores a new document, setting ID and CreatedAt; when it is
	// active, every other document of the kind becomes inactive in the
	// same transaction.
	Create(ctx context.Context, kind document.Kind, d document.Doc) (document.Doc, error)
	// Update reads the stored document, passes it to change and stores
	// what change returns (ID and CreatedAt are kept) in one transaction;
	// an error from change is returned and nothing is written. An active
	// result deactivates the others, as in Create.
	Update(ctx context.Context, kind document.Kind, id int64, change func(stored document.Doc) (document.Doc, error)) (document.Doc, error)
	// Delete passes the stored document to check and deletes it unless
	// check fails, in one transaction.
	Delete(ctx context.Context, kind document.Kind, id int64, check func(stored document.Doc) error) error
}

// Acsses keeps the acss files.
type Acsses interface {
	// List returns every file newest first with its tenant's name, without
	// the CSV bytes.
	List(ctx context.Context) ([]document.Acss, error)
	// Get returns one file with its CSV; a missing id is NotFound.
	Get(ctx context.Context, id int64) (document.Acss, error)
	// Create stores a new file, setting ID, CreatedAt and TenantName; an
	// unknown tenant is an Invalid failure.
	Create(ctx context.Context, a document.Acss) (document.Acss, error)
	// Update works as Docs.Update.
	Update(ctx context.Context, id int64, change func(stored document.Acss) (document.Acss, error)) (document.Acss, error)
	// Delete of a missing id is NotFound.
	Delete(ctx context.Context, id int64) error
}

// Service holds the document, acss and legal-page use cases.
type Service struct {
	Docs   Docs
	Acsses Acsses
	// Legal keeps the legal pages.
	Legal LegalPages
	// Clock stamps published legal pages; nil is the wall clock.
	Clock func() time.Time
}
