package reports

import (
	"context"
	"errors"
	"slices"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/report"
)

// searchTimeout bounds one report statement; a search that needs longer
// is too wide and the caller is asked to narrow it.
const searchTimeout = 10 * time.Second

// Search answers a page of the report the encoded search model selects
// (pageableFilter), in the caller's scope. Admin-only criteria are ignored
// for other callers and admin-only columns left empty.
func (s Service) Search(ctx context.Context, caller *access.Caller, filter string) (report.Page, error) {
	q, err := s.query(caller, filter)
	if err != nil {
		return report.Page{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, searchTimeout)
	defer cancel()
	page, err := s.Store.Search(ctx, q)
	if err != nil {
		return report.Page{}, reduce(err)
	}
	for i, r := range page.Rows {
		page.Rows[i] = r.ForCaller(caller.IsAdmin())
	}
	return page, nil
}

// query checks the caller, reads the search model and scopes it.
func (s Service) query(caller *access.Caller, filter string) (Query, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return Query{}, err
	}
	search, err := report.Parse(filter, s.Now.UTC())
	if err != nil {
		return Query{}, err
	}
	search.Criteria.AdminOnly(caller.IsAdmin())
	customers, err := scope(caller, search.Criteria.CustomerIDs)
	if err != nil {
		return Query{}, err
	}
	return Query{Search: search, Customers: customers}, nil
}

// scope is the customers a search covers: those it names, each of which
// the caller must be able to act for (another customer is refused as not
// found, never silently dropped: a bookmark naming it would otherwise show
// a report that looks complete), or else all the caller's own: its customer
// and its fulfillment's customers. Staff naming none search every customer
// (nil).
func scope(caller *access.Caller, named []int64) ([]int64, error) {
	if len(named) > 0 {
		out := slices.Clone(named)
		slices.Sort(out)
		out = slices.Compact(out)
		for _, id := range out {
			if !caller.CanActFor(id) {
				return nil, customer.ErrNotFound
			}
		}
		return out, nil
	}
	if caller.Has(access.Admin, access.SuperAdmin, access.Operations, access.CustomerService) {
		return nil, nil
	}
	var own []int64
	if caller.CustomerID > 0 {
		own = append(own, caller.CustomerID)
	}
	for _, id := range caller.FulfillmentCustomers {
		if !slices.Contains(own, id) {
			own = append(own, id)
		}
	}
	if len(own) == 0 {
		return nil, customer.ErrNotFound
	}
	slices.Sort(own)
	return own, nil
}

// reduce answers every failure of a report with the one key the page
// knows (spec 2 section 5.8), keeping the cause for the log. A refusal that
// already says so passes as it is.
func reduce(err error) error {
	if f, ok := failure.As(err); ok && f.Key == report.KeyReduceSearchCriteria {
		return err
	}
	kind := failure.Unavailable
	if errors.Is(err, context.DeadlineExceeded) {
		kind = failure.Invalid
	}
	return &failure.Error{Kind: kind, Key: report.KeyReduceSearchCriteria, Cause: err}
}
