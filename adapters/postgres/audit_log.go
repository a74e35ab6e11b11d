package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/identity"
	"parcelportal/app/management"
	"parcelportal/core/origin"
)

// AuditLog writes and reads audit events.
type AuditLog struct{ Pool *pgxpool.Pool }

var _ management.AuditTrail = AuditLog{}

// Record appends an event, with the client address the request came from.
func (a AuditLog) Record(ctx context.Context, e identity.AuditEvent) error {
	data := e.Data
	if data == nil {
		data = map[string]string{}
	}
	_, err := a.Pool.Exec(ctx, `INSERT INTO audit_event (principal, event_type, occurred_at, data, remote_address) VALUES ($1, $2, $3, $4, $5)`,
		e.Principal, e.Type, e.At, data, origin.Address(ctx))
	return err
}

// auditOrder is the ORDER BY of each sort; the id breaks ties, so that
// pages do not overlap.
var auditOrder = map[management.AuditSort]string{
	management.SortByTime:      "occurred_at %[1]s, id %[1]s",
	management.SortByPrincipal: "principal %[1]s, occurred_at DESC, id DESC",
	management.SortByType:      "event_type %[1]s, occurred_at DESC, id DESC",
}

// ListAudits reads one page of events and the number on all pages.
func (a AuditLog) ListAudits(ctx context.Context, q management.AuditQuery) ([]management.AuditEvent, int64, error) {
	var where []string
	var args []any
	if !q.From.IsZero() {
		args = append(args, q.From)
		where = append(where, fmt.Sprintf("occurred_at >= $%d", len(args)))
	}
	if !q.To.IsZero() {
		args = append(args, q.To)
		where = append(where, fmt.Sprintf("occurred_at < $%d", len(args)))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int64
	if err := a.Pool.QueryRow(ctx, `SELECT count(*) FROM audit_event`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	order, ok := auditOrder[q.Sort]
	if !ok {
		order = auditOrder[management.SortByTime]
	}
	dir := "ASC"
	if q.Descending {
		dir = "DESC"
	}
	args = append(args, q.Size, int64(q.Page)*int64(q.Size))
	rows, err := a.Pool.Query(ctx, `SELECT id, principal, event_type, occurred_at, remote_address, data FROM audit_event`+cond+
		" ORDER BY "+fmt.Sprintf(order, dir)+fmt.Sprintf(" LIMIT $%d OFFSET $%d", len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []management.AuditEvent
	for rows.Next() {
		var e management.AuditEvent
		if err := rows.Scan(&e.ID, &e.Principal, &e.Type, &e.At, &e.RemoteAddress, &e.Data); err != nil {
			return nil, 0, err
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, total, rows.Err()
}
