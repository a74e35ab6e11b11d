package batches

import (
	"errors"

	"parcelportal/core/batchcsv"
)

// WorkbookTemplate is the batch template as an Excel workbook, beside the
// CSV template (a document the admins keep): the same columns and example
// row, which the upload reads back as it reads the CSV's.
func (s Service) WorkbookTemplate() (File, error) {
	if s.Workbooks == nil {
		return File{}, errors.New("batches: no workbook writer wired")
	}
	data, err := s.Workbooks.Template(batchcsv.TemplateHeader(), batchcsv.TemplateExample())
	if err != nil {
		return File{}, err
	}
	return File{Name: batchcsv.WorkbookTemplateFileName, ContentType: ContentXLSX, Data: data}, nil
}
