package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/printer"
)

// NetworkPrinters keeps the customers' network label printers.
type NetworkPrinters struct{ Pool *pgxpool.Pool }

const networkPrinterColumns = "id, customer_id, name, host, port, dpi"

func scanNetworkPrinter(row pgx.Row) (printer.Printer, error) {
	var p printer.Printer
	err := row.Scan(&p.ID, &p.CustomerID, &p.Name, &p.Host, &p.Port, &p.DPI)
	if errors.Is(err, pgx.ErrNoRows) {
		return printer.Printer{}, printer.ErrNotFound
	}
	return p, err
}

// List returns the customer's printers by name, then id.
func (s NetworkPrinters) List(ctx context.Context, customerID int64) ([]printer.Printer, error) {
	return queryAll(ctx, s.Pool, scanNetworkPrinter, "SELECT "+networkPrinterColumns+" FROM network_printer WHERE customer_id = $1 ORDER BY name, id", customerID)
}

// Get returns the customer's printer.
func (s NetworkPrinters) Get(ctx context.Context, customerID, id int64) (printer.Printer, error) {
	return scanNetworkPrinter(s.Pool.QueryRow(ctx,
		"SELECT "+networkPrinterColumns+" FROM network_printer WHERE id = $1 AND customer_id = $2", id, customerID))
}

// Create stores a printer; an unknown customer is printer.ErrNotFound.
func (s NetworkPrinters) Create(ctx context.Context, p printer.Printer) (printer.Printer, error) {
	out, err := scanNetworkPrinter(s.Pool.QueryRow(ctx, `
		INSERT INTO network_printer (customer_id, name, host, port, dpi)
		SELECT id, $2, $3, $4, $5 FROM customer WHERE id = $1
		RETURNING `+networkPrinterColumns, p.CustomerID, p.Name, p.Host, p.Port, p.DPI))
	return out, err
}

// Update stores the fields of the customer's printer.
func (s NetworkPrinters) Update(ctx context.Context, p printer.Printer) (printer.Printer, error) {
	return scanNetworkPrinter(s.Pool.QueryRow(ctx, `
		UPDATE network_printer SET name = $3, host = $4, port = $5, dpi = $6
		WHERE id = $1 AND customer_id = $2 RETURNING `+networkPrinterColumns,
		p.ID, p.CustomerID, p.Name, p.Host, p.Port, p.DPI))
}

// Delete removes the customer's printer.
func (s NetworkPrinters) Delete(ctx context.Context, customerID, id int64) error {
	tag, err := s.Pool.Exec(ctx, "DELETE FROM network_printer WHERE id = $1 AND customer_id = $2", id, customerID)
	if err == nil && tag.RowsAffected() == 0 {
		return printer.ErrNotFound
	}
	return err
}
