package rpc_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

type acceptDemo struct{}

func (acceptDemo) CheckCredentials(_ context.Context, _ organisation.CredentialType, c organisation.Credentials) (bool, error) {
	return c.Password == "demo-secret", nil
}

func organisationAPI(t *testing.T) (http.Handler, *memory.Organisation) {
	t.Helper()
	o := memory.NewOrganisation()
	s := organisations.Service{Tenants: o, Fulfillments: o, Checker: acceptDemo{}}
	api := newAPI(t, rpc.Handlers{
		Tenants:    rpc.TenantHandler{Organisation: s},
		Fulfillers: rpc.FulfillmentHandler{Organisation: s},
		Callers:    bearers{},
	})
	return api, o
}

const tenantBody = `{"subsidiary":"Parcel Portal Austria","name":"PP-AT","serviceEmail":"service@example.at",
	"a1Username":"demo","a1Password":"demo-secret","a1ApiKey":"key-123",
	"hubs":[{"name":"Wien","street":"Ring 1","zipCode":"1010","city":"Wien","countryCode":"AT","isDefault":true},
	        {"name":"Graz","street":"Gasse 2","zipCode":"8010","city":"Graz"}]}`

func TestTenantsOverREST(t *testing.T) {
	api, _ := organisationAPI(t)
	if rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/tenants", tenantBody); rec.Code != http.StatusForbidden {
		t.Fatalf("an admin creates a tenant: %d %s", rec.Code, rec.Body)
	}
	rec := call(t, api, "ROLE_SUPERADMIN", "POST", "/web/api/tenants", tenantBody)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "demo-secret") || strings.Contains(rec.Body.String(), "key-123") {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	var created struct {
		ID            string `json:"id"`
		A1Username    string `json:"a1Username"`
		A1PasswordSet bool   `json:"a1PasswordSet"`
		Hubs          []struct {
			ID          string `json:"id"`
			Name        string `json:"name"`
			CountryCode string `json:"countryCode"`
			IsDefault   bool   `json:"isDefault"`
		} `json:"hubs"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil {
		t.Fatal(err)
	}
	if created.A1Username != "demo" || !created.A1PasswordSet || len(created.Hubs) != 2 || created.Hubs[1].CountryCode != "DE" {
		t.Fatalf("created = %+v", created)
	}

	list := call(t, api, "ROLE_OPERATIONS", "GET", "/web/api/tenants?page=0&size=10", "")
	if list.Code != http.StatusOK || list.Header().Get("X-Total-Count") != "1" || !strings.HasPrefix(list.Body.String(), "[") {
		t.Fatalf("list = %d %v %s", list.Code, list.Header(), list.Body)
	}
	if rec := call(t, api, "ROLE_USER", "GET", "/web/api/tenants-all", ""); rec.Code != http.StatusForbidden {
		t.Fatalf("a user reads tenants: %d", rec.Code)
	}

	// An admin switches the default; the stored secrets stay without being sent.
	update := `{"id":"` + created.ID + `","subsidiary":"Parcel Portal Austria","name":"PP-AT","a1Username":"demo",
		"hubs":[{"id":"` + created.Hubs[0].ID + `","name":"Wien","street":"Ring 1","zipCode":"1010","city":"Wien","countryCode":"AT"},
		        {"id":"` + created.Hubs[1].ID + `","name":"Graz","street":"Gasse 2","zipCode":"8010","city":"Graz","isDefault":true}]}`
	if rec := call(t, api, "ROLE_ADMIN", "PUT", "/web/api/tenants", update); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"a1PasswordSet":true`) {
		t.Fatalf("update = %d %s", rec.Code, rec.Body)
	}
	check := call(t, api, "ROLE_ADMIN", "POST", "/web/api/tenants/a1/_check-api-credentials", `{"username":"demo","tenantId":"`+created.ID+`"}`)
	if check.Code != http.StatusOK || strings.TrimSpace(check.Body.String()) != "true" {
		t.Fatalf("check with the stored password = %d %s", check.Code, check.Body)
	}
	if rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/tenants/soap/_check-api-credentials", `{"username":"demo"}`); rec.Code != http.StatusBadRequest {
		t.Fatalf("unknown type = %d %s", rec.Code, rec.Body)
	}

	invalid := `{"subsidiary":"","name":"X","hubs":[{"name":"","street":"s","zipCode":"z","city":"c","isDefault":true}]}`
	if rec := call(t, api, "ROLE_SUPERADMIN", "POST", "/web/api/tenants", invalid); rec.Code != http.StatusBadRequest ||
		!strings.Contains(rec.Body.String(), `"field":"hubs[0].name"`) || !strings.Contains(rec.Body.String(), `"field":"subsidiary"`) {
		t.Fatalf("invalid = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_ADMIN", "DELETE", "/web/api/tenants/"+created.ID, ""); rec.Code != http.StatusForbidden {
		t.Fatalf("an admin deletes a tenant: %d", rec.Code)
	}
	if rec := call(t, api, "ROLE_SUPERADMIN", "DELETE", "/web/api/tenants/"+created.ID, ""); rec.Code != http.StatusOK {
		t.Fatalf("delete = %d %s", rec.Code, rec.Body)
	}
}

func TestFulfillmentsOverREST(t *testing.T) {
	api, o := organisationAPI(t)
	rec := call(t, api, "ROLE_SUPERADMIN", "POST", "/web/api/tenants", tenantBody)
	var tn struct {
		Hubs []struct {
			ID string `json:"id"`
		} `json:"hubs"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &tn)
	if len(tn.Hubs) == 0 {
		t.Fatalf("tenant = %s", rec.Body)
	}
	a := o.AddCustomer("Anna", "AT10000001", 0)
	b := o.AddCustomer("Bert", "AT10000002", 0)
	ids := func(cs ...organisation.CustomerRef) string {
		var parts []string
		for _, c := range cs {
			parts = append(parts, `{"id":"`+itoa(c.ID)+`"}`)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	if rec := call(t, api, "ROLE_USER", "POST", "/web/api/fulfillments", `{"name":"Donau"}`); rec.Code != http.StatusForbidden {
		t.Fatalf("a user creates a fulfillment: %d", rec.Code)
	}
	rec = call(t, api, "ROLE_OPERATIONS", "POST", "/web/api/fulfillments", `{"name":"Donau","crmid":"AT99","customers":`+ids(a, b)+`}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"crmid":"AT99"`) {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	moves := call(t, api, "ROLE_ADMIN", "POST", "/web/api/fulfillments/_check-customers", `{"id":"0","customerIds":["`+itoa(b.ID)+`"]}`)
	if moves.Code != http.StatusOK || !strings.Contains(moves.Body.String(), `"name":"Bert"`) || !strings.Contains(moves.Body.String(), `"name":"Donau"`) {
		t.Fatalf("check = %d %s", moves.Code, moves.Body)
	}
	if rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/fulfillments", `{"name":" "}`); rec.Code != http.StatusBadRequest ||
		!strings.Contains(rec.Body.String(), `"field":"name"`) {
		t.Fatalf("blank name = %d %s", rec.Code, rec.Body)
	}
	list := call(t, api, "ROLE_ADMIN", "GET", "/web/api/fulfillments?page=0&size=10000", "")
	if list.Code != http.StatusOK || list.Header().Get("X-Total-Count") != "1" {
		t.Fatalf("list = %d %s", list.Code, list.Body)
	}
	choices := call(t, api, "ROLE_ADMIN", "GET", "/web/api/fulfillment-customer-choices", "")
	if choices.Code != http.StatusOK || strings.Count(choices.Body.String(), `"customer"`) != 2 {
		t.Fatalf("choices = %d %s", choices.Code, choices.Body)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
