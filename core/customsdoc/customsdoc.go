// Package customsdoc holds the customs documents of a customer's CRM id
// (spec 2 sections 2.6 and 3): what a document is, where it came from (the
// carrier, for manifested shipments that need one, or a staff upload), the
// limits of an upload and of a bulk download, and their message keys.
package customsdoc

import (
	"bytes"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
	"parcelportal/core/filename"
)

// Object names the entity in field errors.
const Object = "customsDocument"

// Where a document came from.
const (
	// SourceCarrier: collected from the carrier for a manifested shipment.
	SourceCarrier = "CARRIER"
	// SourceUpload: uploaded by staff.
	SourceUpload = "UPLOAD"
)

// UploadedByCarrier is who uploaded a document the carrier published.
const UploadedByCarrier = "carrier"

// Limits of spec 2 section 7's calls, chosen by us where the spec is silent.
const (
	// MaxBulk is the most documents one bulk download may name.
	MaxBulk = 200
	// MaxBulkBytes bounds the documents one zip may hold, together.
	MaxBulkBytes = 100 << 20
	// MaxUploadBytes bounds one uploaded document.
	MaxUploadBytes = 5 << 20
	// MaxFilename bounds a document's file name, in characters.
	MaxFilename = 200
	// MaxList is the most documents a list answers, newest first.
	MaxList = 1000
)

// BulkFilename is the zip's name (spec 2 section 7).
const BulkFilename = "customs-documents.zip"

// Message keys of the refusals.
const (
	KeyNotFound     = "error.customsDocs.notFound"
	KeyNoneSelected = "error.customsDocs.noneSelected"
	KeyTooMany      = "error.customsDocs.tooManySelected"
	KeyTooLarge     = "error.customsDocs.bulkTooLarge"
	KeyFileType     = "error.customsDocs.fileType"
	KeyFileSize     = "error.customsDocs.fileSize"
	KeyFilename     = "error.customsDocs.filename"
)

// ErrNotFound answers for a document that is missing or of a CRM id the
// caller does not act for, and for a CRM id the caller may not see.
var ErrNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: Object}

// Document is one customs document as the list shows it (spec 2 section 3).
type Document struct {
	ID         int64
	CustomerID int64
	CRMID      string
	// Identifier is the carrier's identifier of the shipment; empty for an
	// upload that names none.
	Identifier string
	Source     string
	// CarrierDocumentID is the carrier's id of a collected document; a
	// customer holds each once, which makes collecting idempotent.
	CarrierDocumentID string
	Filename          string
	ContentType       string
	Size              int64
	UploadedAt        time.Time
	UploadedBy        string
	// LastDownloadedAt is zero and LastDownloadedBy empty until the first download.
	LastDownloadedAt time.Time
	LastDownloadedBy string
}

// File is a document's content with its name.
type File struct {
	Filename    string
	ContentType string
	Data        []byte
}

// CheckSelection refuses an empty or too large bulk selection and drops
// repeated ids, keeping the order.
func CheckSelection(ids []int64) ([]int64, error) {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	switch {
	case len(out) == 0:
		return nil, failure.New(failure.Invalid, KeyNoneSelected)
	case len(out) > MaxBulk:
		return nil, failure.New(failure.Invalid, KeyTooMany, "selected", strconv.Itoa(len(out)), "max", strconv.Itoa(MaxBulk))
	}
	return out, nil
}

// CheckBulkSize refuses a zip whose documents together exceed MaxBulkBytes.
func CheckBulkSize(total int64) error {
	if total > MaxBulkBytes {
		return failure.New(failure.Invalid, KeyTooLarge, "maxBytes", strconv.Itoa(MaxBulkBytes))
	}
	return nil
}

// pdfMagic starts every PDF.
var pdfMagic = []byte("%PDF-")

// CheckUpload normalises an uploaded document's file name and checks its
// name, size and type: a PDF (by its content, not its name) of at most
// MaxUploadBytes. It returns the cleaned file name.
func CheckUpload(filename string, data []byte) (string, error) {
	name := CleanFilename(filename)
	switch {
	case name == "" || utf8.RuneCountInString(name) > MaxFilename:
		return "", failure.New(failure.Invalid, KeyFilename, "max", strconv.Itoa(MaxFilename))
	case len(data) == 0 || len(data) > MaxUploadBytes:
		return "", failure.New(failure.Invalid, KeyFileSize, "maxBytes", strconv.Itoa(MaxUploadBytes))
	case !bytes.HasPrefix(data, pdfMagic):
		return "", failure.New(failure.Invalid, KeyFileType)
	}
	if !strings.EqualFold(path.Ext(name), ".pdf") {
		name += ".pdf"
	}
	return name, nil
}

// CleanFilename is the name as filename.Clean leaves it, also without
// quotes or semicolons: a name safe in a Content-Disposition header and
// inside a zip.
func CleanFilename(name string) string {
	return filename.Clean(strings.NewReplacer(`"`, "", ";", "").Replace(name))
}

// ZipNames gives each document of a zip a distinct name: a repeated name
// gets its id before the extension.
func ZipNames(docs []Document) []string {
	seen := map[string]bool{}
	out := make([]string, len(docs))
	for i, d := range docs {
		name := CleanFilename(d.Filename)
		if name == "" {
			name = "document.pdf"
		}
		if seen[name] {
			ext := path.Ext(name)
			name = strings.TrimSuffix(name, ext) + "-" + strconv.FormatInt(d.ID, 10) + ext
		}
		seen[name] = true
		out[i] = name
	}
	return out
}

// CarrierFilename names a document collected from the carrier.
func CarrierFilename(identifier string) string {
	return "customs-" + CleanFilename(identifier) + ".pdf"
}
