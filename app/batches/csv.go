package batches

import (
	"context"

	"parcelportal/core/access"
)

// CSV sends the file as it was uploaded, under its name.
func (s Service) CSV(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	doc, err := s.Documents.CSV(ctx, id)
	if err != nil {
		return File{}, err
	}
	return File{Name: b.FileName, ContentType: ContentCSV, Data: doc}, nil
}
