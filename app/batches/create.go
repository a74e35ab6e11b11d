package batches

import (
	"context"
	"strconv"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/filename"
	"parcelportal/core/shipment"
)

// Upload is a batch file (CSV or .xlsx) as the upload screen sends it.
type Upload struct {
	CustomerID int64
	FileName   string
	CSV        []byte
}

// defaultFileName names an upload that came without a name.
const defaultFileName = "upload.csv"

// Create reads the CSV, validates every row against the customer's rules
// and stores the batch with its rows in one transaction. A file that cannot
// be read stores nothing. Uploads past the gate's bound wait their turn.
func (s Service) Create(ctx context.Context, caller *access.Caller, u Upload) (View, error) {
	if err := forCustomer(caller, u.CustomerID); err != nil {
		return View{}, err
	}
	if err := batch.CheckFileName(fileName(u.FileName)); err != nil {
		return View{}, err
	}
	leave, err := s.Uploads.Enter(ctx)
	if err != nil {
		return View{}, err
	}
	defer leave()
	rules, err := s.rules(ctx, u.CustomerID)
	if err != nil {
		return View{}, err
	}
	drafts, err := s.read(u.CSV)
	if err != nil {
		return View{}, err
	}
	rows := shipment.ValidateAll(drafts, rules)
	b := batch.Batch{
		CustomerID: u.CustomerID, FileName: fileName(u.FileName), Status: batch.Created,
		CreatedBy: caller.Login, CreatedByAdmin: caller.IsAdmin(), LabelType: customer.DefaultLabelType,
	}
	saved, err := s.Batches.Create(ctx, b, u.CSV, rows)
	if err != nil {
		return View{}, err
	}
	return viewOf(caller, saved), nil
}

// read reads the upload, a CSV file or an Excel workbook (told apart by
// content, not name), into drafts with the same columns, limits and
// refusals. The upload is stored as it came, so a workbook downloads as
// the workbook.
func (s Service) read(data []byte) ([]shipment.Draft, error) {
	if !batchcsv.IsWorkbook(data) || s.Workbooks == nil {
		return batchcsv.Read(data)
	}
	if len(data) > batchcsv.MaxBytes {
		return nil, failure.New(failure.Invalid, batchcsv.KeyTooLarge, "maxMegabytes", strconv.Itoa(batchcsv.MaxBytes>>20))
	}
	header, rows, err := s.Workbooks.Rows(data)
	if err != nil {
		return nil, err
	}
	return batchcsv.FromSheet(header, rows)
}

// fileName is the name cleaned as every stored file name is, or a default.
func fileName(name string) string {
	name = filename.Clean(name)
	if name == "" {
		return defaultFileName
	}
	return name
}
