package organisation

import (
	"regexp"
	"strconv"
	"strings"

	"parcelportal/core/failure"
)

// DefaultHubCountry is the country a new hub starts with.
const DefaultHubCountry = "DE"

// Message keys of tenant and fulfillment failures, translated by the webapp.
const (
	RuleRequired        = "required"
	RuleEmail           = "email"
	KeyNeedsOneHub      = "error.tenant.atLeastOneHub"
	KeyOneDefaultHub    = "error.tenant.exactlyOneDefaultHub"
	KeyHubIndex         = "error.tenant.hubIndex"
	KeyTenantNotFound   = "error.url.not.found"
	KeyCredentialType   = "error.tenant.credentialType"
	KeyFulfillmentTaken = "error.fulfillment.customerTaken"
)

// Address is a postal address without phone or region.
type Address struct {
	Street, AdditionalAddress, ZipCode, City, CountryCode string
}

// Hub is a tenant's depot where customers' parcels are handed over.
type Hub struct {
	ID           int64
	Name         string
	EmailAddress string
	Address
	IsDefault bool
}

// Credentials are a carrier API login. The domain holds them in clear; the
// storage encrypts them and the API never answers them.
type Credentials struct {
	Username, Password, APIKey string
}

// IsZero reports whether no part is set.
func (c Credentials) IsZero() bool { return c == Credentials{} }

// Tenant is one of the carrier's subsidiaries with its hubs.
type Tenant struct {
	ID                     int64
	Subsidiary             string
	Name                   string
	ServiceEmail           string
	ManifestSuccessEmail   string
	ManifestFailureEmail   string
	SelfRegistrationEmails []string
	MarketingEmails        []string
	Address                Address
	A1                     Credentials
	GRP                    Credentials
	Hubs                   []Hub
}

// DefaultHub returns the hub flagged default.
func (t Tenant) DefaultHub() (Hub, bool) {
	for _, h := range t.Hubs {
		if h.IsDefault {
			return h, true
		}
	}
	return Hub{}, false
}

// NewHub is the empty hub the form appends: country DE, not default.
func NewHub() Hub { return Hub{Address: Address{CountryCode: DefaultHubCountry}} }

// NewTenant is the form's starting point: one default hub.
func NewTenant() Tenant {
	h := NewHub()
	h.IsDefault = true
	return Tenant{Hubs: []Hub{h}}
}

// AddHub appends an empty hub.
func AddHub(hubs []Hub) []Hub { return append(append([]Hub(nil), hubs...), NewHub()) }

// CanDeleteHub reports whether a hub may be removed: at least one stays.
func CanDeleteHub(hubs []Hub) bool { return len(hubs) >= 2 }

// DeleteHub removes the hub at index i; the last hub stays. When the default
// hub goes, the first remaining hub becomes the default.
func DeleteHub(hubs []Hub, i int) ([]Hub, error) {
	if i < 0 || i >= len(hubs) {
		return hubs, failure.New(failure.Invalid, KeyHubIndex)
	}
	if !CanDeleteHub(hubs) {
		return hubs, failure.New(failure.Invalid, KeyNeedsOneHub)
	}
	out := append(append([]Hub(nil), hubs[:i]...), hubs[i+1:]...)
	if hubs[i].IsDefault {
		out = SetDefaultHub(out, 0)
	}
	return out, nil
}

// SetDefaultHub marks exactly the hub at index i as default.
func SetDefaultHub(hubs []Hub, i int) []Hub {
	out := append([]Hub(nil), hubs...)
	for j := range out {
		out[j].IsDefault = j == i
	}
	return out
}

// Normalize trims text and upper-cases countries; an empty hub country is DE.
func (t Tenant) Normalize() Tenant {
	t.Subsidiary = strings.TrimSpace(t.Subsidiary)
	t.Name = strings.TrimSpace(t.Name)
	t.ServiceEmail = strings.TrimSpace(t.ServiceEmail)
	t.ManifestSuccessEmail = strings.TrimSpace(t.ManifestSuccessEmail)
	t.ManifestFailureEmail = strings.TrimSpace(t.ManifestFailureEmail)
	t.SelfRegistrationEmails = cleanList(t.SelfRegistrationEmails)
	t.MarketingEmails = cleanList(t.MarketingEmails)
	t.Address.CountryCode = strings.ToUpper(strings.TrimSpace(t.Address.CountryCode))
	hubs := make([]Hub, len(t.Hubs))
	for i, h := range t.Hubs {
		h.Name = strings.TrimSpace(h.Name)
		h.EmailAddress = strings.TrimSpace(h.EmailAddress)
		h.Street = strings.TrimSpace(h.Street)
		h.ZipCode = strings.TrimSpace(h.ZipCode)
		h.City = strings.TrimSpace(h.City)
		h.CountryCode = strings.ToUpper(strings.TrimSpace(h.CountryCode))
		if h.CountryCode == "" {
			h.CountryCode = DefaultHubCountry
		}
		hubs[i] = h
	}
	t.Hubs = hubs
	return t
}

func cleanList(in []string) []string {
	var out []string
	for _, s := range in {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

var emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// ValidEmail reports whether s is an e-mail address of the form
// local@domain.tld, 5 to 254 long (as account e-mails).
func ValidEmail(s string) bool {
	return len(s) >= 5 && len(s) <= 254 && emailPattern.MatchString(s)
}

// ValidateTenant checks a normalized tenant: subsidiary and name required,
// e-mails valid, every hub with name, street, zip code, city and a two-letter
// country; at least one hub and exactly one default.
func ValidateTenant(t Tenant) error {
	var v []failure.FieldViolation
	add := func(field, rule string) {
		v = append(v, failure.FieldViolation{Object: "tenant", Field: field, Rule: rule})
	}
	if t.Subsidiary == "" {
		add("subsidiary", RuleRequired)
	}
	if t.Name == "" {
		add("name", RuleRequired)
	}
	for field, e := range map[string]string{"serviceEmail": t.ServiceEmail, "manifestSuccessEmail": t.ManifestSuccessEmail, "manifestFailureEmail": t.ManifestFailureEmail} {
		if e != "" && !ValidEmail(e) {
			add(field, RuleEmail)
		}
	}
	for field, list := range map[string][]string{"selfRegistrationEmails": t.SelfRegistrationEmails, "marketingEmails": t.MarketingEmails} {
		for i, e := range list {
			if !ValidEmail(e) {
				add(field+"["+strconv.Itoa(i)+"]", RuleEmail)
			}
		}
	}
	if c := t.Address.CountryCode; c != "" && !validCountry(c) {
		add("address.countryCode", "pattern")
	}
	for i, h := range t.Hubs {
		p := "hubs[" + strconv.Itoa(i) + "]."
		for field, val := range map[string]string{"name": h.Name, "street": h.Street, "zipCode": h.ZipCode, "city": h.City} {
			if val == "" {
				add(p+field, RuleRequired)
			}
		}
		if h.EmailAddress != "" && !ValidEmail(h.EmailAddress) {
			add(p+"emailAddress", RuleEmail)
		}
		if !validCountry(h.CountryCode) {
			add(p+"countryCode", "pattern")
		}
	}
	if len(v) > 0 {
		sortViolations(v)
		return failure.InvalidFields(v...)
	}
	if len(t.Hubs) == 0 {
		return failure.New(failure.Invalid, KeyNeedsOneHub)
	}
	defaults := 0
	for _, h := range t.Hubs {
		if h.IsDefault {
			defaults++
		}
	}
	if defaults != 1 {
		return failure.New(failure.Invalid, KeyOneDefaultHub)
	}
	return nil
}

func validCountry(c string) bool {
	return len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z'
}

func sortViolations(v []failure.FieldViolation) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j].Field < v[j-1].Field; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

// CredentialType names the carrier API whose login a tenant holds.
type CredentialType string

// The carrier APIs a tenant has credentials for.
const (
	CredentialA1  CredentialType = "a1"
	CredentialGRP CredentialType = "grp"
)

// ParseCredentialType accepts a1 or grp (any case).
func ParseCredentialType(s string) (CredentialType, error) {
	switch CredentialType(strings.ToLower(s)) {
	case CredentialA1:
		return CredentialA1, nil
	case CredentialGRP:
		return CredentialGRP, nil
	}
	return "", failure.New(failure.Invalid, KeyCredentialType, "type", s)
}

// ForCheck returns the credentials as checked: the API key only counts for a1.
func (c Credentials) ForCheck(t CredentialType) Credentials {
	if t != CredentialA1 {
		c.APIKey = ""
	}
	return c
}
