// Package document holds the documents staff upload for customers (spec 3):
// the product-codes document and the CSV-template document, the address
// correction files (acss) and the multilingual news.
package document

import (
	"strings"
	"time"

	"parcelportal/core/failure"
)

// Kind names one of the two document lists.
type Kind string

// The document kinds, named as their REST objects.
const (
	ProductCodes Kind = "productCodesDoc"
	CSVTemplate  Kind = "csvTemplateDoc"
)

// MaxBytes is the largest document or CSV file the portal stores.
const MaxBytes = 10 << 20

// Message keys of document failures, translated by the webapp.
const (
	KeyTooLarge         = "error.document.tooLarge"
	KeyActiveNotDeleted = "error.document.activeNotDeletable"
	KeyActiveLocked     = "error.document.activeLocked"
	KeyNotCSV           = "error.document.notCsv"
	KeyNotFound         = "error.document.notFound"
)

// Rules of field violations.
const (
	RuleRequired = "required"
	RuleTooLarge = "maxbytes"
	RuleNotCSV   = "csv"
)

// Doc is a product-codes or CSV-template document.
type Doc struct {
	ID          int64
	Name        string
	Document    []byte
	ContentType string
	// FileName is the uploaded file's name, used for downloads.
	FileName  string
	CreatedAt time.Time
	Active    bool
	// Size is the document's length in bytes; lists carry it without the
	// document itself.
	Size int
}

// Validate checks a document before it is stored: name and document are
// required and the document fits MaxBytes.
func Validate(kind Kind, d Doc) error {
	var v []failure.FieldViolation
	if strings.TrimSpace(d.Name) == "" {
		v = append(v, failure.FieldViolation{Object: string(kind), Field: "name", Rule: RuleRequired})
	}
	switch {
	case len(d.Document) == 0:
		v = append(v, failure.FieldViolation{Object: string(kind), Field: "document", Rule: RuleRequired})
	case len(d.Document) > MaxBytes:
		return tooLarge(string(kind), "document")
	}
	if len(v) > 0 {
		return failure.InvalidFields(v...)
	}
	return nil
}

func tooLarge(object, field string) error {
	e := failure.New(failure.Invalid, KeyTooLarge, "maxBytes", "10485760")
	e.Entity = object
	e.Fields = []failure.FieldViolation{{Object: object, Field: field, Rule: RuleTooLarge}}
	return e
}

// CheckDelete refuses to delete the active product-codes document; a
// CSV-template document may always be deleted.
func CheckDelete(kind Kind, d Doc) error {
	if kind == ProductCodes && d.Active {
		return &failure.Error{Kind: failure.Conflict, Key: KeyActiveNotDeleted, Entity: string(kind)}
	}
	return nil
}

// CheckEdit refuses an edit of a product-codes document that changes its
// active flag: that flag is set only when a document is created.
func CheckEdit(kind Kind, stored, edited Doc) error {
	if kind == ProductCodes && stored.Active != edited.Active {
		return &failure.Error{Kind: failure.Invalid, Key: KeyActiveLocked, Entity: string(kind),
			Fields: []failure.FieldViolation{{Object: string(kind), Field: "active", Rule: "locked"}}}
	}
	return nil
}

// ActiveOffered says whether the form offers the active checkbox: always
// on create; in edit, never for a product-codes document and for a
// CSV-template document only when more than one exists.
func ActiveOffered(kind Kind, creating bool, count int) bool {
	if creating {
		return true
	}
	return kind == CSVTemplate && count > 1
}

// Activated applies "one active document per kind" to a list: when saved
// is active, every other document becomes inactive.
func Activated(docs []Doc, saved Doc) []Doc {
	out := make([]Doc, len(docs))
	for i, d := range docs {
		if d.ID == saved.ID {
			d = saved
		} else if saved.Active {
			d.Active = false
		}
		out[i] = d
	}
	return out
}
