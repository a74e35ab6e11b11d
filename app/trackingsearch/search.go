package trackingsearch

import (
	"context"
	"slices"

	"parcelportal/core/access"
	"parcelportal/core/inquiry"
	"parcelportal/core/tracking"
)

// Result is a page of the search with what the grid shows of the caller:
// the subsidiary column for internal roles, the customer column for
// fulfillment users.
type Result struct {
	tracking.Page
	Internal    bool
	Fulfillment bool
	// Inquiries are the rows' latest parcel inquiries the caller may see,
	// by tracking id (the grid's parcel_inquiry).
	Inquiries map[string]inquiry.Mark
}

// Search finds parcels: internal roles among every customer's (or those
// they choose), others among the customers they act for (a fulfillment
// user may choose some of them; a customer it does not act for is ignored).
// Rows of untracked products show non-internal callers no status beyond
// their label.
func (s Service) Search(ctx context.Context, caller *access.Caller, c tracking.Criteria, m tracking.Meta) (Result, error) {
	sc, err := s.scopeOf(ctx, caller)
	if err != nil {
		return Result{}, err
	}
	if c, m, err = tracking.Normalize(c, m); err != nil {
		return Result{}, err
	}
	account, c, ok := s.searchAs(sc, c)
	res := Result{Internal: sc.internal, Fulfillment: len(caller.FulfillmentCustomers) > 0}
	// A status beyond the label says nothing of untracked parcels to a
	// non-internal caller: asked for with an untracked product, nothing
	// matches; without a product, untracked rows leave the page.
	beyondLabel := !sc.internal && c.Status != nil && !tracking.LabelStatus(*c.Status)
	if !ok || beyondLabel && c.ProductCode != "" && !tracking.Trackable(c.ProductCode, "") {
		return res, nil
	}
	page, err := s.Tracking.Search(ctx, account, c, m)
	if err != nil {
		return Result{}, err
	}
	names, err := s.names(ctx, sc)
	if err != nil {
		return Result{}, err
	}
	rows := page.Rows[:0]
	for _, r := range page.Rows {
		if !sc.internal && !sc.has(r.CustomerID) || beyondLabel && !tracking.Trackable(r.ProductCode, "") {
			// A row the criteria excluded, or whose status the caller may not
			// see, is never shown.
			page.Total--
			continue
		}
		if n := names[r.CustomerID]; n != "" {
			r.CustomerName = n
		}
		if !sc.internal {
			r.SubsidiaryName = ""
			if !tracking.Trackable(r.ProductCode, "") {
				r = tracking.UntrackedRow(r)
			}
		}
		rows = append(rows, r)
	}
	page.Rows = rows
	res.Page = page
	if s.Inquiries != nil && len(rows) > 0 {
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.TrackingID
		}
		if res.Inquiries, err = s.Inquiries.Marks(ctx, caller, ids); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

func (sc scope) has(crmid string) bool {
	_, ok := sc.own[crmid]
	return ok
}

// searchAs picks the account and narrows the criteria's customers to the
// caller's; false when nothing the caller may see can match.
func (s Service) searchAs(sc scope, c tracking.Criteria) (tracking.Account, tracking.Criteria, bool) {
	if sc.internal {
		return s.Staff, c, true
	}
	chosen := sc.order
	if len(c.Customers) > 0 {
		chosen = nil
		for _, crmid := range c.Customers {
			if sc.has(crmid) && !slices.Contains(chosen, crmid) {
				chosen = append(chosen, crmid)
			}
		}
		if len(chosen) == 0 {
			return tracking.Account{}, c, false
		}
	}
	c.Customers = chosen
	return sc.accounts[chosen[0]], c, true
}
