package pdf_test

import (
	"bytes"
	"testing"

	"parcelportal/adapters/pdf"
	"parcelportal/app/inquiries/storetest"
	"parcelportal/core/organisation"
)

func TestInquiryRendersAPDFWithTheTrackingNumber(t *testing.T) {
	in := storetest.Sample(1, 2, "TRK-PDF-1")
	in.Sender.Name = "Bäckerei Müller"
	out, err := pdf.Inquiry{}.Inquiry(in, organisation.Tenant{Name: "Carrier DE", Address: organisation.Address{City: "Berlin"}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("%PDF-")) || len(out) < 1000 {
		t.Fatalf("not a PDF: %q", out[:min(len(out), 20)])
	}
}
