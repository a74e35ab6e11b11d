package memory

import (
	"cmp"
	"context"
	"slices"
	"time"

	"parcelportal/core/invoicereport"
)

// Invoice is one invoice the fake counts.
type Invoice struct {
	CustomerID   int64
	CustomerName string
	CRMID        string
	At           time.Time
	Commercial   bool
	Chargeable   bool
}

// InvoiceCounts counts a fixed list of invoices.
type InvoiceCounts struct{ Invoices []Invoice }

// Counts returns per customer the invoices in [from, to), by name then id.
func (m InvoiceCounts) Counts(_ context.Context, from, to time.Time) ([]invoicereport.Row, error) {
	var rows []invoicereport.Row
	index := map[int64]int{}
	for _, inv := range m.Invoices {
		if inv.At.Before(from) || !inv.At.Before(to) {
			continue
		}
		i, ok := index[inv.CustomerID]
		if !ok {
			i = len(rows)
			index[inv.CustomerID] = i
			rows = append(rows, invoicereport.Row{CustomerID: inv.CustomerID, CustomerName: inv.CustomerName, CRMID: inv.CRMID})
		}
		if inv.Commercial {
			rows[i].CommercialInvoices++
		}
		if inv.Chargeable {
			rows[i].ChargeableInvoices++
		}
	}
	sortRows(rows)
	return rows, nil
}

func sortRows(rows []invoicereport.Row) {
	slices.SortFunc(rows, func(a, b invoicereport.Row) int {
		return cmp.Or(cmp.Compare(a.CustomerName, b.CustomerName), cmp.Compare(a.CustomerID, b.CustomerID))
	})
}
