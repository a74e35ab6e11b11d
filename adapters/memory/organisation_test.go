package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/organisations/storetest"
	"parcelportal/core/organisation"
)

func organisationStores() storetest.Stores {
	o := memory.NewOrganisation()
	return storetest.Stores{Tenants: o, Fulfillments: o,
		AddCustomer: func(_ *testing.T, name, crmid string, hubID int64) organisation.CustomerRef {
			return o.AddCustomer(name, crmid, hubID)
		}}
}

func TestOrganisationTenantContract(t *testing.T) { storetest.TenantContract(t, organisationStores()) }

func TestOrganisationFulfillmentContract(t *testing.T) {
	storetest.FulfillmentContract(t, organisationStores())
}
