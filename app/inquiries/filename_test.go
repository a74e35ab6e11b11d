package inquiries_test

import (
	"context"
	"testing"

	"parcelportal/app/inquiries"
	"parcelportal/app/inquiries/storetest"
	"parcelportal/core/access"
)

// TestAttachmentNamesLoseBidiControls: an attachment named with a
// right-to-left override is filed and mailed under the name it is.
func TestAttachmentNamesLoseBidiControls(t *testing.T) {
	s, _, _ := service()
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	in := storetest.Sample(0, 99, "TRK-BIDI")
	in.Attachments[0].FileName = "photo\u202egnp.png"
	filed, err := s.Submit(context.Background(), user, inquiries.Submission{Inquiry: in})
	if err != nil {
		t.Fatal(err)
	}
	if name := filed.Attachments[0].FileName; name != "photognp.png" {
		t.Fatalf("filed as %q", name)
	}
}
