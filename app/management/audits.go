package management

import (
	"context"
	"strconv"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// AuditTrail reads the audit log.
type AuditTrail interface {
	ListAudits(ctx context.Context, q AuditQuery) ([]AuditEvent, int64, error)
}

// AuditEvent is one entry of the audit log: who did what, when, from where.
type AuditEvent struct {
	ID            int64
	Principal     string
	Type          string
	At            time.Time
	RemoteAddress string
	Data          map[string]string
}

// AuditQuery is one page of the log: events at or after From and before
// To (zero for no bound), ordered by Sort.
type AuditQuery struct {
	Page, Size int
	Sort       AuditSort
	Descending bool
	From, To   time.Time
}

// AuditSort is what the audit log is ordered by.
type AuditSort string

// The audit log's orders; each falls back to the id for equal values.
const (
	SortByTime      AuditSort = "timestamp"
	SortByPrincipal AuditSort = "principal"
	SortByType      AuditSort = "type"
)

// Audit paging and the failures of a bad page, sort or date.
const (
	DefaultAuditPageSize = 20
	MaxAuditPageSize     = 1000
	KeyAuditPage         = "error.audits.page"
	KeyAuditSort         = "error.audits.sort"
	KeyAuditDate         = "error.audits.date"
)

// sortNames are the names the sort parameter accepts, the spec's clients'
// (auditEventDate, auditEventType) beside the portal's own.
var sortNames = map[string]AuditSort{
	"timestamp": SortByTime, "auditeventdate": SortByTime, "id": SortByTime,
	"principal": SortByPrincipal,
	"type":      SortByType, "auditeventtype": SortByType,
}

// AuditRequest is the audits call as it arrives: page, size, sort as
// "field,direction", and the first and last day as YYYY-MM-DD.
type AuditRequest struct {
	Page, Size       int
	Sort             string
	FromDate, ToDate string
}

// ListAudits returns a page of the audit log to an admin, and the number
// of events on all pages. Days are UTC days; the last day is included.
func (q Queries) ListAudits(ctx context.Context, caller *access.Caller, r AuditRequest) ([]AuditEvent, int64, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, 0, err
	}
	query, err := parseAuditRequest(r)
	if err != nil {
		return nil, 0, err
	}
	return q.Audits.ListAudits(ctx, query)
}

func parseAuditRequest(r AuditRequest) (AuditQuery, error) {
	size := r.Size
	if size == 0 {
		size = DefaultAuditPageSize
	}
	if r.Page < 0 || size < 0 || size > MaxAuditPageSize {
		return AuditQuery{}, failure.New(failure.Invalid, KeyAuditPage, "maxPageSize", strconv.Itoa(MaxAuditPageSize))
	}
	query := AuditQuery{Page: r.Page, Size: size, Sort: SortByTime, Descending: true}
	if r.Sort != "" {
		field, dir, _ := strings.Cut(strings.ToLower(strings.TrimSpace(r.Sort)), ",")
		sort, ok := sortNames[strings.TrimSpace(field)]
		dir = strings.TrimSpace(dir)
		if !ok || (dir != "" && dir != "asc" && dir != "desc") {
			return AuditQuery{}, failure.New(failure.Invalid, KeyAuditSort, "sort", r.Sort)
		}
		query.Sort, query.Descending = sort, dir == "desc"
	}
	var err error
	if query.From, err = day(r.FromDate); err != nil {
		return AuditQuery{}, err
	}
	if query.To, err = day(r.ToDate); err != nil {
		return AuditQuery{}, err
	}
	if !query.To.IsZero() {
		query.To = query.To.AddDate(0, 0, 1)
	}
	return query, nil
}

func day(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, failure.New(failure.Invalid, KeyAuditDate, "date", s)
	}
	return t, nil
}
