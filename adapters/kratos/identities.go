package kratos

import (
	"context"
	"fmt"
	"net/http"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/app/demo"
)

// schemaID names the identity schema in dev/kratos/kratos.yml.
const schemaID = "portal-user"

// Admin speaks to Kratos' admin API.
type Admin struct{ api *ory.APIClient }

// NewAdmin returns a client of the admin API at adminURL.
func NewAdmin(adminURL string, client *http.Client) Admin {
	cfg := ory.NewConfiguration()
	cfg.Servers = ory.ServerConfigurations{{URL: adminURL}}
	if client != nil {
		cfg.HTTPClient = client
	}
	return Admin{api: ory.NewAPIClient(cfg)}
}

// adminMetadata is what the portal keeps in an identity's metadata_admin:
// data the user must not change, read only through the admin API.
type adminMetadata struct {
	Roles            []string `json:"roles"`
	ActivationStatus string   `json:"activationStatus"`
}

// EnsureUser returns the identity whose login is u.Login, creating it
// active, with a verified e-mail and u's password and roles when missing.
func (a Admin) EnsureUser(ctx context.Context, u demo.NewUser) (string, error) {
	found, _, err := a.api.IdentityAPI.ListIdentities(ctx).CredentialsIdentifier(u.Login).Execute()
	if err != nil {
		return "", fmt.Errorf("find identity: %w", err)
	}
	if len(found) > 0 {
		return found[0].Id, nil
	}
	roles := make([]string, 0, len(u.Roles))
	for _, r := range u.Roles {
		roles = append(roles, string(r))
	}
	active := "active"
	body := ory.CreateIdentityBody{
		SchemaId: schemaID,
		State:    &active,
		Traits: map[string]any{
			"login": u.Login, "email": u.Email, "firstName": u.FirstName, "lastName": u.LastName, "langKey": u.LangKey,
		},
		Credentials: &ory.IdentityWithCredentials{Password: &ory.IdentityWithCredentialsPassword{
			Config: &ory.IdentityWithCredentialsPasswordConfig{Password: &u.Password},
		}},
		MetadataAdmin:       adminMetadata{Roles: roles, ActivationStatus: "ACTIVE"},
		VerifiableAddresses: []ory.VerifiableIdentityAddress{*ory.NewVerifiableIdentityAddress("completed", u.Email, true, "email")},
	}
	created, _, err := a.api.IdentityAPI.CreateIdentity(ctx).CreateIdentityBody(body).Execute()
	if err != nil {
		return "", fmt.Errorf("create identity: %w", describe(err))
	}
	return created.Id, nil
}

// describe adds Kratos' answer to an API error: the generated client's
// message alone says only the HTTP status.
func describe(err error) error {
	if oe, ok := err.(*ory.GenericOpenAPIError); ok {
		return fmt.Errorf("%w: %s", err, oe.Body())
	}
	return err
}
