package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/invoice"
)

// Invoices keeps the commercial invoices made from the report
// (commercial_invoice, commercial_invoice_shipment; migration 00023).
type Invoices struct{ Pool *pgxpool.Pool }

// Save stores the invoices in one transaction. The unique number per CRM
// id and the one invoice per shipment are constraints: of two identical
// concurrent calls the second waits for the first and is refused.
func (s Invoices) Save(ctx context.Context, invoices []invoice.Stored) ([]invoice.Stored, error) {
	out := make([]invoice.Stored, len(invoices))
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		for i, inv := range invoices {
			err := tx.QueryRow(ctx, `INSERT INTO commercial_invoice (number, customer_id, crm_id, po_number, incoterm,
				reason_of_export, additional_comments, declaration_statement, currency, freight_postage, duty, vat,
				tobacco_tax, discount_rebate, subtotal, total, chargeable, created_by, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
				RETURNING id, created_at`,
				inv.Number, inv.CustomerID, inv.CRMID, inv.PONumber, inv.Incoterm, inv.ReasonOfExport, inv.AdditionalComments,
				inv.DeclarationStatement, inv.Currency, inv.FreightPostage, inv.Duty, inv.VAT, inv.TobaccoTax, inv.DiscountRebate,
				inv.Subtotal, inv.Total, inv.Chargeable, inv.CreatedBy, inv.CreatedAt).Scan(&inv.ID, &inv.CreatedAt)
			if err != nil {
				return err
			}
			for pos, sh := range inv.Shipments {
				if _, err := tx.Exec(ctx, `INSERT INTO commercial_invoice_shipment (shipment_id, invoice_id, position)
					VALUES ($1, $2, $3)`, sh.ID, inv.ID, pos); err != nil {
					return err
				}
			}
			inv.CreatedAt = inv.CreatedAt.UTC()
			out[i] = inv
		}
		return nil
	})
	var pgErr *pgconn.PgError
	switch {
	case err == nil:
		return out, nil
	case isUniqueViolation(err) && errors.As(err, &pgErr) && pgErr.ConstraintName == "commercial_invoice_number_per_crm":
		return nil, invoice.ErrNumberTaken
	case isUniqueViolation(err):
		return nil, invoice.ErrAlreadyInvoiced
	}
	return nil, err
}

// NumberTaken reports whether the number is stored for any of the CRM ids.
func (s Invoices) NumberTaken(ctx context.Context, number string, crmIDs []string) (bool, error) {
	var taken bool
	err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM commercial_invoice WHERE number = $1 AND crm_id = ANY($2))`,
		number, crmIDs).Scan(&taken)
	return taken, err
}

const invoiceColumns = `i.id, i.number, i.customer_id, c.name, i.crm_id, i.po_number, i.incoterm, i.reason_of_export,
	i.additional_comments, i.declaration_statement, i.currency, i.freight_postage::float8, i.duty::float8, i.vat::float8,
	i.tobacco_tax::float8, i.discount_rebate::float8, i.subtotal::float8, i.total::float8, i.chargeable, i.created_by,
	i.created_at, coalesce((SELECT jsonb_agg(jsonb_build_object('ID', s.id, 'Identifier', s.identifier) ORDER BY cis.position)
		FROM commercial_invoice_shipment cis JOIN shipment s ON s.id = cis.shipment_id WHERE cis.invoice_id = i.id), '[]')`

func (s Invoices) query(ctx context.Context, where string, args ...any) ([]invoice.Stored, error) {
	return queryAll(ctx, s.Pool, scanInvoice, `SELECT `+invoiceColumns+` FROM commercial_invoice i JOIN customer c ON c.id = i.customer_id
		WHERE `+where, args...)
}

func scanInvoice(r pgx.Row) (invoice.Stored, error) {
	var inv invoice.Stored
	err := r.Scan(&inv.ID, &inv.Number, &inv.CustomerID, &inv.CustomerName, &inv.CRMID, &inv.PONumber, &inv.Incoterm,
		&inv.ReasonOfExport, &inv.AdditionalComments, &inv.DeclarationStatement, &inv.Currency, &inv.FreightPostage,
		&inv.Duty, &inv.VAT, &inv.TobaccoTax, &inv.DiscountRebate, &inv.Subtotal, &inv.Total, &inv.Chargeable,
		&inv.CreatedBy, &inv.CreatedAt, &inv.Shipments)
	inv.CreatedAt = inv.CreatedAt.UTC()
	return inv, err
}

// ByNumber answers the invoices of the number of the customers (nil: any), by CRM id.
func (s Invoices) ByNumber(ctx context.Context, customers []int64, number string) ([]invoice.Stored, error) {
	if customers == nil {
		return s.query(ctx, `i.number = $1 ORDER BY i.crm_id`, number)
	}
	return s.query(ctx, `i.number = $1 AND i.customer_id = ANY($2) ORDER BY i.crm_id`, number, customers)
}

// ForShipments answers the invoices holding any of the shipments, by id.
func (s Invoices) ForShipments(ctx context.Context, ids []int64) ([]invoice.Stored, error) {
	return s.query(ctx, `i.id IN (SELECT invoice_id FROM commercial_invoice_shipment WHERE shipment_id = ANY($1)) ORDER BY i.id`, ids)
}
