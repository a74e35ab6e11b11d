// Package invoicereport is the administrators' invoice report: per customer,
// how many commercial invoices and chargeable invoices a month or a year had
// (spec 3, invoice report).
package invoicereport

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"parcelportal/core/export"
	"parcelportal/core/failure"
)

// Message keys of the report's failures.
const (
	KeySelectDate = "error.invoiceReport.selectDate"
	KeySelectYear = "error.invoiceReport.selectYear"
)

// The years a report may cover.
const (
	FirstYear = 2000
	LastYear  = 2999
)

// Period is a report's time span, [From, To).
type Period struct {
	From, To time.Time
	// FileName is the CSV file's name.
	FileName string
}

// Monthly is the period of one month; year and month must be chosen.
func Monthly(year, month int) (Period, error) {
	if year < FirstYear || year > LastYear || month < 1 || month > 12 {
		return Period{}, failure.New(failure.Invalid, KeySelectDate)
	}
	from := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	return Period{From: from, To: from.AddDate(0, 1, 0), FileName: fmt.Sprintf("invoice-report-%d-%02d.csv", year, month)}, nil
}

// Yearly is the period of one year; the year must be chosen.
func Yearly(year int) (Period, error) {
	if year < FirstYear || year > LastYear {
		return Period{}, failure.New(failure.Invalid, KeySelectYear)
	}
	from := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	return Period{From: from, To: from.AddDate(1, 0, 0), FileName: fmt.Sprintf("invoice-report-%d-yearly.csv", year)}, nil
}

// Row is one customer's counts in a period.
type Row struct {
	CustomerID         int64
	CustomerName       string
	CRMID              string
	CommercialInvoices int
	ChargeableInvoices int
}

// Header is the CSV's first line.
var Header = []string{"customerId", "customerName", "crmid", "commercialInvoices", "chargeableInvoices"}

// WriteCSV writes the header and one line per row, comma-separated, quoted
// where needed; cells that a spreadsheet would run as formulas (a customer
// named "=HYPERLINK(...)") are written as text (export.Cell).
func WriteCSV(w io.Writer, rows []Row) error {
	c := csv.NewWriter(w)
	if err := c.Write(Header); err != nil {
		return err
	}
	for _, r := range rows {
		if err := c.Write(export.Row([]string{
			strconv.FormatInt(r.CustomerID, 10), r.CustomerName, r.CRMID,
			strconv.Itoa(r.CommercialInvoices), strconv.Itoa(r.ChargeableInvoices),
		})); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}
