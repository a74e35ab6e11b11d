package batches

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// Manifest sends the manifest of a manifested batch; the file name carries
// the time the manifest was made.
func (s Service) Manifest(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	if !batch.OffersManifest(b.Status) {
		return File{}, batch.NotAllowedNow(b.Status, "downloadManifest")
	}
	doc, at, err := s.Documents.Manifest(ctx, id)
	if err != nil {
		return File{}, err
	}
	if doc == nil {
		return File{}, failure.New(failure.NotFound, batch.KeyNoManifest)
	}
	if at.IsZero() {
		at = s.Now.UTC()
	}
	return File{Name: fmt.Sprintf("manifest-%d-%s.pdf", id, at.UTC().Format(manifestTime)), ContentType: ContentPDF, Data: doc}, nil
}
