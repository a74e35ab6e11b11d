package memory_test

import (
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/identity/statetest"
	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

func TestMFAStateContract(t *testing.T) { statetest.MFAStateContract(t, memory.NewMFAState()) }

func TestThrottleContract(t *testing.T) {
	statetest.ThrottleContract(t, &memory.Throttle{Window: 15 * time.Minute, Limits: map[string]int{"login:": 3, "addr:": 5}})
}

func TestUserLinksContract(t *testing.T) {
	links := memory.NewUserLinks()
	statetest.UserLinksContract(t, links, func(_ *testing.T, login string) { links.Set(login, access.Link{CustomerID: 41}) }, 41)
}

func TestRegistrationRequestsContract(t *testing.T) {
	links := memory.NewUserLinks()
	bakery := organisation.CustomerRef{ID: 41, Name: "Bäckerei Sonnenschein", CRMID: "DE10000001", HubCountryCode: "DE"}
	store := &memory.RegistrationRequests{Links: links, Tenants: []memory.RegistrationTenant{
		{Customers: []organisation.CustomerRef{bakery}, Emails: []string{"de@carrier.example", "ops@carrier.example"}},
		{Emails: []string{"nl@carrier.example", "ops@carrier.example"}},
	}}
	statetest.RegistrationRequestsContract(t, store, statetest.RegistrationFixture{
		Customer: bakery, TenantEmails: []string{"de@carrier.example", "ops@carrier.example"},
		AllEmails: []string{"de@carrier.example", "nl@carrier.example", "ops@carrier.example"},
		Link:      func(_ *testing.T, login string) { links.Set(login, access.Link{CustomerID: bakery.ID}) },
	})
}
