package tracking

import (
	"context"
	"fmt"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	port "parcelportal/core/tracking"
)

// File is an export ready to download.
type File struct {
	Name        string
	ContentType string
	Content     []byte
}

// Export answers the search's parcels as CSV or XLSX, named
// tracking-export-{now}; refused at zero results and above 5000 (spec 3
// section 5), as the webapp's disabled button is.
func (s Service) Export(ctx context.Context, caller *access.Caller, c port.Criteria, m port.Meta, format string, now time.Time) (File, error) {
	if format != port.CSV && format != port.Excel {
		return File{}, failure.InvalidFields(failure.FieldViolation{Object: "export", Field: "format", Rule: "pattern"})
	}
	sc, err := s.scopeOf(ctx, caller)
	if err != nil {
		return File{}, err
	}
	m.PageSize, m.PageNo = 1, 0
	c.SearchAfter = nil
	if c, m, err = port.Normalize(c, m); err != nil {
		return File{}, err
	}
	account, c, ok := s.searchAs(sc, c)
	total := 0
	if ok {
		page, err := s.Tracking.Search(ctx, account, c, m)
		if err != nil {
			return File{}, err
		}
		total = page.Total
	}
	if total == 0 || total > port.ExportLimit {
		return File{}, failure.New(failure.Invalid, port.KeyExportLimit, "limit", fmt.Sprint(port.ExportLimit), "count", fmt.Sprint(total))
	}
	raw, err := s.Tracking.Export(ctx, account, c, m, format)
	if err != nil {
		return File{}, err
	}
	f := File{Name: port.ExportFileName(now, format), ContentType: "text/csv; charset=utf-8", Content: raw}
	if format == port.Excel {
		f.ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	return f, nil
}
