package demo

import (
	"parcelportal/core/access"
	"parcelportal/core/batchcsv"
	"parcelportal/core/customer"
)

// CRM ids of the demo customers.
const (
	BakeryCRMID   = "DE10000001"
	BooksCRMID    = "DE10000002"
	GardenCRMID   = "NL10000003"
	FulfillerName = "Rhein Fulfillment"
)

// DemoOrganisation is one tenant with two hubs, three customers and one
// fulfillment that manages two of them.
func DemoOrganisation() Organisation {
	return Organisation{
		Tenant: Tenant{
			Name: "Parcel Portal Germany", CountryCode: "DE",
			// Mailpit catches what goes there in `make run`.
			SelfRegistrationEmails: []string{"registrations@parcel-portal.local"},
			ServiceEmail:           "service@parcel-portal.local",
			MarketingEmails:        []string{"marketing@parcel-portal.local"},
			Hubs: []Hub{
				{Name: "Frankfurt Hub", Street: "Cargo City Süd 1", ZipCode: "60549", City: "Frankfurt am Main", CountryCode: "DE", Default: true},
				{Name: "Hamburg Hub", Street: "Am Hafen 5", ZipCode: "20457", City: "Hamburg", CountryCode: "DE"},
			},
		},
		Customers: []Customer{
			{
				Name: "Bäckerei Sonnenschein", CRMID: BakeryCRMID, HubName: "Frankfurt Hub", APIClient: "SHIPPING", Carrier: DemoCarrierLogin, Tracking: DemoTrackingV1,
				Features: []customer.Feature{
					{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN", "NONEIGHBOUR"}},
					{Product: "EPAQPLS", Service: "CUP", Options: []string{"SIGN", "INS", "NONEIGHBOUR"}},
					{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN", "INS"}},
					{Product: "EPAQSCT", Service: "CPP", Options: []string{"SIGN", "INS"}},
					{Product: "EPAQRETDOM", Service: "CUP"},
					{Product: "EPAQRETINT", Service: "CUP"},
				},
				// The United Kingdom asks for the seller's EORI above GBP 135;
				// the bakery has none yet, so such rows must name one.
				EORIThresholds: []customer.EORIThreshold{{Destination: "GB", EORIThreshold: 135}},
			},
			{
				Name: "Buchhandlung Seitenwind", CRMID: BooksCRMID, HubName: "Frankfurt Hub", APIClient: "A1", Carrier: DemoCarrierLogin, Tracking: DemoTrackingV1,
				Features: []customer.Feature{
					{Product: "EPAQGO", Service: "CUP", Options: []string{"SIGN", "SGD"}},
					{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN"}},
					{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN", "INS", "SGD"}},
					{Product: "EPAQRETDOM", Service: "CUP"},
				},
			},
			{
				Name: "Tuincentrum De Linde", CRMID: GardenCRMID, HubName: "Hamburg Hub", APIClient: "SHIPPING", Carrier: DemoCarrierLogin, Tracking: DemoTrackingV3,
				Features: []customer.Feature{
					{Product: "EPAQSTD", Service: "CUP", Options: []string{"NONEIGHBOUR"}},
					{Product: "EPAQELT", Service: "CPP", Options: []string{"SIGN", "INS"}},
				},
			},
		},
		Fulfillment: Fulfillment{Name: FulfillerName, CustomerCRMIDs: []string{BooksCRMID, GardenCRMID}},
	}
}

// DemoLogins is one login per role. Customer-facing logins belong to the
// bakery; the fulfillment login acts for the fulfillment's customers, and so
// does the admin, so that the admins' batch tools can be tried on them.
func DemoLogins() []Login {
	return []Login{
		{Login: "superadmin", FirstName: "Sam", LastName: "Super", Roles: []access.Role{access.SuperAdmin, access.Admin}},
		{Login: "admin", FirstName: "Ada", LastName: "Admin", Roles: []access.Role{access.Admin}, FulfillmentName: FulfillerName},
		{Login: "operations", FirstName: "Otto", LastName: "Operations", Roles: []access.Role{access.Operations}},
		{Login: "user", FirstName: "Ulla", LastName: "User", Roles: []access.Role{access.User}, CustomerCRMID: BakeryCRMID},
		{Login: "fulfillment", FirstName: "Fiona", LastName: "Fulfillment", Roles: []access.Role{access.User}, FulfillmentName: FulfillerName},
		{Login: "service", FirstName: "Carla", LastName: "Service", Roles: []access.Role{access.CustomerService}},
		{Login: "api", FirstName: "Api", LastName: "Client", Roles: []access.Role{access.API, access.User}, CustomerCRMID: BakeryCRMID},
		{Login: "tracking", FirstName: "Theo", LastName: "Tracking", Roles: []access.Role{access.TrackingOnly}, CustomerCRMID: BakeryCRMID},
	}
}

// DemoCSVTemplate is the active CSV-template document of a fresh
// installation: the template that testdata/batches/template.csv also is.
func DemoCSVTemplate() Document {
	return Document{Name: "CSV template", FileName: batchcsv.TemplateFileName, ContentType: "text/csv", Content: batchcsv.Template()}
}
