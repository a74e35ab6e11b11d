package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
)

// File is a download: its name, type and bytes.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Content types of downloads.
const (
	ContentPDF = "application/pdf"
	ContentZPL = "text/plain; charset=utf-8"
	ContentCSV = "text/csv"
	// ContentXLSX is an upload made as an Excel workbook.
	ContentXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	ContentXML  = "text/xml; charset=utf-8"
)

// manifestTime is the timestamp in manifest file names (spec 2 section 9).
const manifestTime = "20060102-150405"

// downloadable reads a visible batch whose status offers the labels and
// customs documents (spec 2 section 4.2).
func (s Service) downloadable(ctx context.Context, caller *access.Caller, id int64) (batch.Batch, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return batch.Batch{}, err
	}
	if !batch.OffersDocuments(b.Status) {
		return batch.Batch{}, batch.NotAllowedNow(b.Status, "download")
	}
	return b, nil
}

// labelKind tells PDF from ZPL labels (carrier.LabelKind).
func labelKind(d Document) string { return carrier.LabelKind(d.LabelType, d.ContentType) }

func data(docs []Document) [][]byte {
	out := make([][]byte, len(docs))
	for i, d := range docs {
		out[i] = d.Data
	}
	return out
}
