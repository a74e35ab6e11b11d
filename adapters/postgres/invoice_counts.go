package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/invoicereport"
)

// InvoiceCounts counts the stored commercial invoices (commercial_invoice,
// migration 00023) per customer: all of them, and those made while the
// customer was chargeable for commercial invoices.
type InvoiceCounts struct{ Pool *pgxpool.Pool }

// Counts returns per customer with an invoice made in [from, to) the
// counts, by customer name then id.
func (s InvoiceCounts) Counts(ctx context.Context, from, to time.Time) ([]invoicereport.Row, error) {
	return queryAll(ctx, s.Pool, func(r pgx.Row) (invoicereport.Row, error) {
		var row invoicereport.Row
		err := r.Scan(&row.CustomerID, &row.CustomerName, &row.CRMID, &row.CommercialInvoices, &row.ChargeableInvoices)
		return row, err
	}, `SELECT c.id, c.name, c.crmid, count(*), count(*) FILTER (WHERE i.chargeable)
		FROM commercial_invoice i JOIN customer c ON c.id = i.customer_id
		WHERE i.created_at >= $1 AND i.created_at < $2
		GROUP BY c.id, c.name, c.crmid ORDER BY c.name, c.id`, from, to)
}
