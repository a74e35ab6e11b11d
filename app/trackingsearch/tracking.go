// Package trackingsearch holds the tracking use cases of spec 3 (section 7,
// "Tracking"): search, a parcel's details, events, receiver and sender, the
// products, and the export. Each checks its caller: the tracking roles may
// call them; internal roles (ADMIN, OPERATIONS, CUSTOMER_SERVICE) search
// every customer's parcels with the portal's own tracking account and see
// every event; everybody else searches with the tracking account of a
// customer they act for, sees that customer's parcels only (another
// customer's parcel is not found), and sees of an untracked product only
// its label events.
package trackingsearch

import (
	"context"
	"slices"

	"parcelportal/app/customers"
	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/inquiry"
	"parcelportal/core/tracking"
)

// Customers reads the customers whose parcels are tracked.
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
	List(ctx context.Context, q customers.Query) ([]customer.Customer, int, error)
}

// Service runs the tracking use cases.
type Service struct {
	Tracking  tracking.Service
	Customers Customers
	// Staff is the portal's own tracking account, for internal roles.
	Staff tracking.Account
	// Sheets writes the exports of non-internal callers.
	Sheets Sheets
	// Inquiries reads the parcels' latest inquiries; nil shows none.
	Inquiries Inquiries
}

// Inquiries reads the latest parcel inquiries of tracking ids the caller
// may see (app/inquiries).
type Inquiries interface {
	Marks(ctx context.Context, caller *access.Caller, trackingIDs []string) (map[string]inquiry.Mark, error)
}

// Sheets writes rows (the first the header) as a csv or excel file.
type Sheets interface {
	Write(format string, rows [][]string) ([]byte, error)
}

// Roles may use tracking (spec 3 section 6): ADMIN, SUPERADMIN, USER,
// OPERATIONS, CUSTOMER_SERVICE and TRACKING.
var Roles = access.AnyOf(access.Admin, access.SuperAdmin, access.User, access.Operations, access.CustomerService, access.TrackingOnly)

// Internal reports whether the caller holds an internal role (spec 3
// section 6): ADMIN, OPERATIONS or CUSTOMER_SERVICE.
func Internal(c *access.Caller) bool {
	return c.Has(access.Admin, access.Operations, access.CustomerService)
}

// AccountOf is the customer's tracking account: V3 with the fulltrack API
// key and Cognito client when its fulltrack version is V3, else V1 with the
// tracking user and the fulltrack access key; false when tracking is not
// enabled for it.
func AccountOf(c customer.Customer) (tracking.Account, bool) {
	cr := c.Credentials
	if c.FulltrackVersion == tracking.V3 && cr.FulltrackAPIKey != "" {
		return tracking.Account{Version: tracking.V3, APIKey: cr.FulltrackAPIKey, ClientID: cr.CognitoClientID, ClientSecret: cr.CognitoClientSecret}, true
	}
	if !c.TrackingEnabled() {
		return tracking.Account{}, false
	}
	return tracking.Account{Version: tracking.V1, Username: c.TrackingUsername, Password: cr.TrackingPassword,
		AccessKey: cr.FulltrackAccessKey, RefreshToken: cr.FulltrackRefreshToken}, true
}

// scope is what a caller may see: every customer (internal), or the
// customers it acts for, with their tracking accounts.
type scope struct {
	internal bool
	// own are the caller's customers with tracking enabled, by CRM id.
	own      map[string]customer.Customer
	order    []string
	accounts map[string]tracking.Account
}

// scopeOf checks the caller and reads its customers.
func (s Service) scopeOf(ctx context.Context, caller *access.Caller) (scope, error) {
	if err := Roles.Check(caller); err != nil {
		return scope{}, err
	}
	if Internal(caller) {
		return scope{internal: true}, nil
	}
	sc := scope{own: map[string]customer.Customer{}, accounts: map[string]tracking.Account{}}
	ids := append([]int64{caller.CustomerID}, caller.FulfillmentCustomers...)
	for _, id := range ids {
		if id <= 0 {
			continue
		}
		c, err := s.Customers.Get(ctx, id)
		if err != nil {
			return scope{}, err
		}
		a, ok := AccountOf(c)
		if !ok || sc.own[c.CRMID].ID != 0 {
			continue
		}
		sc.own[c.CRMID], sc.accounts[c.CRMID] = c, a
		sc.order = append(sc.order, c.CRMID)
	}
	if len(sc.own) == 0 {
		return scope{}, tracking.ErrNotEnabled
	}
	return sc, nil
}

// distinctAccounts are the caller's accounts, each once, in order.
func (sc scope) distinctAccounts() []tracking.Account {
	var out []tracking.Account
	for _, crmid := range sc.order {
		if a := sc.accounts[crmid]; !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// names maps CRM ids to customer names: the caller's own, or for internal
// roles every customer's.
func (s Service) names(ctx context.Context, sc scope) (map[string]string, error) {
	out := map[string]string{}
	if !sc.internal {
		for crmid, c := range sc.own {
			out[crmid] = c.Name
		}
		return out, nil
	}
	all, _, err := s.Customers.List(ctx, customers.Query{Page: 0, Size: 10000})
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		out[c.CRMID] = c.Name
	}
	return out, nil
}
