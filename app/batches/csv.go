package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batchcsv"
)

// CSV sends the file as it was uploaded, under its name: a CSV file, or
// the workbook an .xlsx upload was.
func (s Service) CSV(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	doc, err := s.Documents.CSV(ctx, id)
	if err != nil {
		return File{}, err
	}
	kind := ContentCSV
	if batchcsv.IsWorkbook(doc) {
		kind = ContentXLSX
	}
	return File{Name: b.FileName, ContentType: kind, Data: doc}, nil
}
