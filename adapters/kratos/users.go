package kratos

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// schemaID names the identity schema in dev/kratos/kratos.yml.
const schemaID = "portal-user"

// idPattern is the form of Kratos' ids (identities, flows): UUIDs in lower case.
var idPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// totpCredential is the credential type of an authenticator device.
const totpCredential = "totp"

// traits are an identity's traits (dev/kratos/identity.schema.json): what
// the user may see. Kratos does not apply the schema's defaults, so the
// adapter always writes langKey.
type traits struct {
	Login     string `json:"login"`
	Email     string `json:"email"`
	FirstName string `json:"firstName,omitempty"`
	LastName  string `json:"lastName,omitempty"`
	LangKey   string `json:"langKey"`
}

// adminMetadata is what the portal keeps in an identity's metadata_admin:
// data the user must not change, read only through the admin API (whoami
// does not return it).
type adminMetadata struct {
	Roles            []string  `json:"roles"`
	ActivationStatus string    `json:"activationStatus"`
	CreatedBy        string    `json:"createdBy,omitempty"`
	CreatedDate      time.Time `json:"createdDate"`
	LastModifiedBy   string    `json:"lastModifiedBy,omitempty"`
	LastModifiedDate time.Time `json:"lastModifiedDate"`
	// TOTPSetupFlow is the settings flow of a device registration between
	// Setup and Register. Its TOTP secret lives only in that flow, and the
	// portal may run Register in another process than Setup.
	TOTPSetupFlow string `json:"totpSetupFlow,omitempty"`
	// StatusGuard holds one member, named after ActivationStatus. Kratos'
	// JSON Patch has no test operation, but a remove of a missing member
	// fails the whole patch: ChangeStatus removes the member of the status
	// it expects, which makes its patch a compare-and-set.
	StatusGuard map[string]struct{} `json:"statusGuard,omitempty"`
}

// record is an identity as the adapter reads and writes it.
type record struct {
	id       string
	state    string
	traits   traits
	metadata adminMetadata
	// public is metadata_public, kept as it is on every write.
	public    any
	hasDevice bool
}

// recordOf decodes an identity from the admin API.
func recordOf(i ory.Identity) (record, error) {
	r := record{id: i.Id, state: i.GetState(), public: i.MetadataPublic}
	if err := convert(i.Traits, &r.traits); err != nil {
		return record{}, fmt.Errorf("kratos: traits of identity %s: %w", i.Id, err)
	}
	if i.MetadataAdmin != nil {
		if err := convert(i.MetadataAdmin, &r.metadata); err != nil {
			return record{}, fmt.Errorf("kratos: metadata_admin of identity %s: %w", i.Id, err)
		}
	}
	_, r.hasDevice = i.GetCredentials()[totpCredential]
	// Identities made before the portal kept these facts (or imported
	// ones) still have Kratos' own timestamps.
	if r.metadata.CreatedDate.IsZero() {
		r.metadata.CreatedDate = i.GetCreatedAt()
	}
	if r.metadata.LastModifiedDate.IsZero() {
		r.metadata.LastModifiedDate = i.GetUpdatedAt()
	}
	return r, nil
}

// user is the portal's view of the record.
func (r record) user() account.User {
	roles := make([]access.Role, 0, len(r.metadata.Roles))
	for _, role := range r.metadata.Roles {
		roles = append(roles, access.Role(role))
	}
	return account.User{
		ID: r.id, Login: r.traits.Login, Email: r.traits.Email,
		FirstName: r.traits.FirstName, LastName: r.traits.LastName, LangKey: r.traits.LangKey,
		Roles: roles, Status: account.Status(r.metadata.ActivationStatus), HasSecondFactor: r.hasDevice,
		CreatedBy: r.metadata.CreatedBy, CreatedAt: r.metadata.CreatedDate,
		ModifiedBy: r.metadata.LastModifiedBy, ModifiedAt: r.metadata.LastModifiedDate,
	}
}

// setProfile writes what the portal may change of a user: everything but
// the login, the creation facts and the device.
func (r *record) setProfile(u account.User) {
	r.traits.Email, r.traits.FirstName, r.traits.LastName = u.Email, u.FirstName, u.LastName
	r.traits.LangKey = u.LangKey
	if r.traits.LangKey == "" {
		r.traits.LangKey = account.DefaultLocale
	}
	r.metadata.Roles = make([]string, 0, len(u.Roles))
	for _, role := range u.Roles {
		r.metadata.Roles = append(r.metadata.Roles, string(role))
	}
	r.metadata.ActivationStatus = string(u.Status)
	r.metadata.StatusGuard = map[string]struct{}{string(u.Status): {}}
	r.metadata.LastModifiedBy, r.metadata.LastModifiedDate = u.ModifiedBy, u.ModifiedAt
}

// newRecord is a user that Kratos has not seen yet.
func newRecord(u account.User) record {
	r := record{traits: traits{Login: u.Login}}
	r.setProfile(u)
	r.metadata.CreatedBy, r.metadata.CreatedDate = u.CreatedBy, u.CreatedAt
	return r
}

// traitsMap is the traits as the generated client wants them.
func (r record) traitsMap() (map[string]any, error) {
	var m map[string]any
	return m, convert(r.traits, &m)
}

// convert copies between a JSON-shaped value and a struct through JSON.
func convert(from, to any) error {
	b, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, to)
}
