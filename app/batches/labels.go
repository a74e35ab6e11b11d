package batches

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
)

// Labels joins the labels of the batch: PDF labels into one PDF, a page per
// label; ZPL labels into one text for the printer. Labels of different types
// are never mixed.
func (s Service) Labels(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.downloadable(ctx, caller, id); err != nil {
		return File{}, err
	}
	docs, err := s.Documents.Labels(ctx, id)
	if err != nil {
		return File{}, err
	}
	if len(docs) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoLabels)
	}
	kind, err := carrier.OneKind(docs, labelKind)
	if err != nil {
		return File{}, err
	}
	if kind == carrier.LabelPDF {
		merged, err := s.Merge(data(docs))
		if err != nil {
			return File{}, fmt.Errorf("merge labels of batch %d: %w", id, err)
		}
		return File{Name: fmt.Sprintf("labels-%d.pdf", id), ContentType: ContentPDF, Data: merged}, nil
	}
	return File{Name: fmt.Sprintf("labels-%d.zpl", id), ContentType: ContentZPL, Data: carrier.JoinZPL(data(docs))}, nil
}
