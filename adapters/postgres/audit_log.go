package postgres

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/identity"
)

// AuditLog writes audit events.
type AuditLog struct{ Pool *pgxpool.Pool }

// Record appends an event.
func (a AuditLog) Record(ctx context.Context, e identity.AuditEvent) error {
	data := e.Data
	if data == nil {
		data = map[string]string{}
	}
	_, err := a.Pool.Exec(ctx, `INSERT INTO audit_event (principal, event_type, occurred_at, data) VALUES ($1, $2, $3, $4)`,
		e.Principal, e.Type, e.At, data)
	return err
}
