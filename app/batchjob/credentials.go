package batchjob

import (
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
)

// CredentialsOf picks the login the customer ships with (a batch job or a
// parcel's label, app/parcels): its A1 key for
// the A1 client, its API user name and password otherwise. ok is false when
// the customer has none, so the job fails at once instead of asking the
// carrier two thousand times.
func CredentialsOf(c customer.Customer) (carrier.Credentials, bool) {
	cr := carrier.Credentials{APIClient: c.APIClient, CustomerCRMID: c.CRMID}
	if c.APIClient == customer.ClientA1 {
		cr.A1APIKey = c.Credentials.A1APIKey
		return cr, cr.A1APIKey != ""
	}
	cr.Username, cr.Password = c.APIUsername, c.Credentials.APIPassword
	return cr, cr.Username != "" && cr.Password != ""
}
