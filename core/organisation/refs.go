// Package organisation is who ships: tenants with hubs, customers, and the
// fulfillments acting for them. The master-data work grows it; the identity
// work needs the references.
package organisation

// CustomerRef names a customer where another entity refers to it.
type CustomerRef struct {
	ID             int64
	Name           string
	CRMID          string
	HubCountryCode string
}

// FulfillmentRef names a fulfillment and the customers it acts for.
type FulfillmentRef struct {
	ID        int64
	Name      string
	Customers []CustomerRef
}

// IsEmptyRef reports whether an id names nothing: the browser sends empty
// references as 0 or -1 (spec 1 section 5), and they are dropped before saving.
func IsEmptyRef(id int64) bool { return id <= 0 }
