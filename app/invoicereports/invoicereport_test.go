package invoicereports_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/invoicereports"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/invoicereport"
)

func at(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 12, 0, 0, 0, time.UTC) }

var admin = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}

func TestReports(t *testing.T) {
	s := invoicereports.Service{Counts: memory.InvoiceCounts{Invoices: []memory.Invoice{
		{CustomerID: 2, CustomerName: "Tuincentrum De Linde", CRMID: "NL10000003", At: at(2026, 3, 31), Commercial: true, Chargeable: true},
		{CustomerID: 1, CustomerName: "Bäckerei Sonnenschein", CRMID: "DE10000001", At: at(2026, 3, 1), Commercial: true},
		{CustomerID: 1, CustomerName: "Bäckerei Sonnenschein", CRMID: "DE10000001", At: at(2026, 3, 2), Commercial: true, Chargeable: true},
		{CustomerID: 1, CustomerName: "Bäckerei Sonnenschein", CRMID: "DE10000001", At: at(2026, 4, 1), Commercial: true},
		{CustomerID: 2, CustomerName: "Tuincentrum De Linde", CRMID: "NL10000003", At: at(2025, 12, 31), Commercial: true},
	}}}
	ctx := context.Background()
	f, err := s.Monthly(ctx, admin, 2026, 3)
	want := "customerId,customerName,crmid,commercialInvoices,chargeableInvoices\n" +
		"1,Bäckerei Sonnenschein,DE10000001,2,1\n2,Tuincentrum De Linde,NL10000003,1,1\n"
	if err != nil || f.Name != "invoice-report-2026-03.csv" || string(f.CSV) != want {
		t.Fatalf("Monthly = %q %q, %v", f.Name, f.CSV, err)
	}
	f, err = s.Yearly(ctx, admin, 2026)
	want = "customerId,customerName,crmid,commercialInvoices,chargeableInvoices\n" +
		"1,Bäckerei Sonnenschein,DE10000001,3,1\n2,Tuincentrum De Linde,NL10000003,1,1\n"
	if err != nil || f.Name != "invoice-report-2026-yearly.csv" || string(f.CSV) != want {
		t.Fatalf("Yearly = %q %q, %v", f.Name, f.CSV, err)
	}
	if _, err := s.Monthly(ctx, admin, 2026, 0); !failure.HasKey(err, invoicereport.KeySelectDate) {
		t.Fatalf("Monthly without month = %v", err)
	}
	if _, err := s.Yearly(ctx, admin, 0); !failure.HasKey(err, invoicereport.KeySelectYear) {
		t.Fatalf("Yearly without year = %v", err)
	}
}

// The report counts every customer's invoices: the use case itself refuses
// everybody but the admins, behind the role table.
func TestReportsRefuseCallersBelowAdmin(t *testing.T) {
	s := invoicereports.Service{Counts: memory.InvoiceCounts{}}
	ctx := context.Background()
	for _, caller := range []*access.Caller{
		{Login: "operations", Roles: []access.Role{access.Operations}},
		{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1},
	} {
		if _, err := s.Monthly(ctx, caller, 2026, 3); !failure.HasKey(err, "error.forbidden") {
			t.Errorf("Monthly by %s = %v; want forbidden", caller.Login, err)
		}
		if _, err := s.Yearly(ctx, caller, 2026); !failure.HasKey(err, "error.forbidden") {
			t.Errorf("Yearly by %s = %v; want forbidden", caller.Login, err)
		}
	}
}
