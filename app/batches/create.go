package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/customer"
	"parcelportal/core/filename"
	"parcelportal/core/shipment"
)

// Upload is a CSV as the upload screen sends it.
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
	drafts, err := batchcsv.Read(u.CSV)
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

// fileName is the name cleaned as every stored file name is, or a default.
func fileName(name string) string {
	name = filename.Clean(name)
	if name == "" {
		return defaultFileName
	}
	return name
}
