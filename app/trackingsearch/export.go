package trackingsearch

import (
	"context"
	"fmt"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

// File is an export ready to download.
type File struct {
	Name        string
	ContentType string
	Content     []byte
}

// Export answers the search's parcels as CSV or XLSX, named
// tracking-export-{now}; refused at zero results and above 5000 (spec 3
// section 5), as the webapp's disabled button is. Internal roles get the
// tracking service's export; everybody else a file written from the rows
// as Search shows them to the caller, so that an untracked parcel's status
// stays hidden there too.
func (s Service) Export(ctx context.Context, caller *access.Caller, c tracking.Criteria, m tracking.Meta, format string, now time.Time) (File, error) {
	if format != tracking.CSV && format != tracking.Excel {
		return File{}, failure.InvalidFields(failure.FieldViolation{Object: "export", Field: "format", Rule: "pattern"})
	}
	sc, err := s.scopeOf(ctx, caller)
	if err != nil {
		return File{}, err
	}
	m.PageSize, m.PageNo = 1, 0
	c.SearchAfter = nil
	if c, m, err = tracking.Normalize(c, m); err != nil {
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
	if total == 0 || total > tracking.ExportLimit {
		return File{}, failure.New(failure.Invalid, tracking.KeyExportLimit, "limit", fmt.Sprint(tracking.ExportLimit), "count", fmt.Sprint(total))
	}
	var raw []byte
	if sc.internal {
		raw, err = s.Tracking.Export(ctx, account, c, m, format)
	} else {
		raw, err = s.exportAsSeen(ctx, caller, c, m, format, total)
	}
	if err != nil {
		return File{}, err
	}
	f := File{Name: tracking.ExportFileName(now, format), ContentType: "text/csv; charset=utf-8", Content: raw}
	if format == tracking.Excel {
		f.ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	return f, nil
}

// exportAsSeen pages through the caller's search (search_after, 50 at a
// time) and writes what Search shows.
func (s Service) exportAsSeen(ctx context.Context, caller *access.Caller, c tracking.Criteria, m tracking.Meta, format string, total int) ([]byte, error) {
	lines := [][]string{tracking.ExportHeader}
	m.PageSize, m.PageNo = tracking.MaxPageSize, 0
	c.Forward, c.SearchAfter = true, nil
	for seen := 0; seen < total; {
		res, err := s.Search(ctx, caller, c, m)
		if err != nil {
			return nil, err
		}
		for _, r := range res.Rows {
			lines = append(lines, tracking.ExportRow(r))
		}
		if len(res.Rows) == 0 || res.Total <= 0 {
			break
		}
		seen += len(res.Rows)
		c.SearchAfter = res.Rows[len(res.Rows)-1].Sort
	}
	return s.Sheets.Write(format, lines)
}
