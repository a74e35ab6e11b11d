package batches_test

import (
	"testing"

	"parcelportal/app/batches"
)

// TestUploadNamesLoseBidiControls: "invoice\u202efdp.exe" shows as
// "invoiceexe.pdf"; the batch is stored and offered under the name it is.
func TestUploadNamesLoseBidiControls(t *testing.T) {
	f := setup(t)
	v, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, FileName: "invoice\u202efdp.exe", CSV: mixedFile(t)})
	if err != nil {
		t.Fatal(err)
	}
	if v.FileName != "invoicefdp.exe" {
		t.Fatalf("stored as %q", v.FileName)
	}
	if file, err := f.svc.CSV(ctx, f.user, v.ID); err != nil || file.Name != "invoicefdp.exe" {
		t.Fatalf("offered as %q, %v", file.Name, err)
	}
}
