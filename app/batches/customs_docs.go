package batches

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// CustomsDocs joins the customs documents of the batch into one PDF.
func (s Service) CustomsDocs(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.downloadable(ctx, caller, id); err != nil {
		return File{}, err
	}
	docs, err := s.Documents.CustomsDocs(ctx, id)
	if err != nil {
		return File{}, err
	}
	if len(docs) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoCustomsDocs)
	}
	merged, err := s.Merge(data(docs))
	if err != nil {
		return File{}, fmt.Errorf("merge customs documents of batch %d: %w", id, err)
	}
	return File{Name: fmt.Sprintf("customs-docs-%d.pdf", id), ContentType: ContentPDF, Data: merged}, nil
}
