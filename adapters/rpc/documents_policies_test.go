package rpc

import (
	"slices"
	"strings"
	"testing"

	"parcelportal/core/access"
)

// TestDocumentPoliciesMatchTheBrief: admins maintain documents, acss
// files, news, invoice reports and legal pages; every signed-in role reads
// the active documents and the news of a locale; anybody, signed in or not,
// reads a published legal page.
func TestDocumentPoliciesMatchTheBrief(t *testing.T) {
	signedIn := []string{
		"/portal.v1.DocumentService/GetActiveProductCodesDoc",
		"/portal.v1.DocumentService/GetActiveCsvTemplateDoc",
		"/portal.v1.NewsService/ListNewsForLocale",
	}
	anybody := "/portal.v1.DocumentService/ReadLegalPage"
	n := 0
	for procedure, policy := range policies {
		if !strings.HasPrefix(procedure, "/portal.v1.DocumentService/") && !strings.HasPrefix(procedure, "/portal.v1.AcssService/") &&
			!strings.HasPrefix(procedure, "/portal.v1.NewsService/") && !strings.HasPrefix(procedure, "/portal.v1.InvoiceReportService/") {
			continue
		}
		n++
		for _, r := range access.AllRoles {
			want := procedure == anybody || slices.Contains(signedIn, procedure) || r == access.Admin || r == access.SuperAdmin
			if got := policy.Allows(&access.Caller{Roles: []access.Role{r}}); got != want {
				t.Errorf("%s by %s: allowed = %v, want %v", procedure, r, got, want)
			}
		}
		if policy.Allows(nil) != (procedure == anybody) {
			t.Errorf("%s: anonymous callers allowed = %v", procedure, policy.Allows(nil))
		}
	}
	if n != 33 {
		t.Fatalf("%d document procedures have a policy, want 33", n)
	}
}
