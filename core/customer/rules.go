package customer

import (
	"slices"
	"strings"
	"unicode/utf8"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Rule keys the browser translates as error.{rule}.
const (
	RuleRequired = account.RuleRequired
	RulePattern  = account.RulePattern
	RuleSize     = account.RuleSize
)

// Object names the customer in field violations.
const Object = "customer"

// Message keys of customer failures.
const (
	KeyNotFound            = "error.customerNotFound"
	KeyCountryNotSupported = "error.gtc.countryNotSupported"
	KeyNotChargeable       = "error.consent.notChargeable"
	KeyConsentLocked       = "error.consent.locked"
	KeyAdminOnly           = "error.adminOnly"
	KeyCRMIDTaken          = "error.crmidexists"
	KeyForbidden           = "error.forbidden"
	// KeyHasShippingHistory refuses deleting a customer that has batches,
	// shipments, manifests or carrier traffic.
	KeyHasShippingHistory = "error.customer.hasShippingHistory"
)

// Failures the customer rules and use cases return.
var (
	ErrNotFound            = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: Object}
	ErrCountryNotSupported = &failure.Error{Kind: failure.Invalid, Key: KeyCountryNotSupported, Entity: Object}
	ErrNotChargeable       = &failure.Error{Kind: failure.Conflict, Key: KeyNotChargeable, Entity: Object}
	// ErrConsentLocked is a business refusal to a caller who may otherwise
	// edit the customer: a conflict, not a 403, which signs the webapp out.
	ErrConsentLocked = &failure.Error{Kind: failure.Conflict, Key: KeyConsentLocked, Entity: Object}
	ErrAdminOnly     = &failure.Error{Kind: failure.Forbidden, Key: KeyAdminOnly, Entity: Object}
	ErrCRMIDTaken    = &failure.Error{Kind: failure.Conflict, Key: KeyCRMIDTaken, Entity: Object}
	// ErrFormRolesOnly refuses the customer form's writes (consents) to
	// logins without a role of the form (a tracking-only login, say).
	ErrFormRolesOnly = &failure.Error{Kind: failure.Forbidden, Key: KeyForbidden, Entity: Object}
	// ErrHasShippingHistory: the customer's labels, manifests and carrier
	// traffic are the record of what was billed; it cannot be deleted.
	ErrHasShippingHistory = &failure.Error{Kind: failure.Conflict, Key: KeyHasShippingHistory, Entity: Object}
)

// Deletable decides whether a customer may be deleted: only one without
// shipping history (no batch, shipment, manifest or carrier exchange), so
// that no live label at the carrier is left without its record in the
// portal and no job loses its batch.
func Deletable(hasShippingHistory bool) error {
	if hasShippingHistory {
		return ErrHasShippingHistory
	}
	return nil
}

// Validate checks the customer as saved by an admin or by someone else:
// the name is required; the CRM id and apiUsername only for admins (others
// do not see the Configuration and Credentials tabs, and keep what is stored), the cognito client secret has at most 100
// characters, the auto-manifest schedule is inactive or complete.
func Validate(c Customer, admin bool) error {
	check := account.Checker{Object: Object}
	if strings.TrimSpace(c.Name) == "" {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "name", Rule: RuleRequired})
	}
	if admin || c.CRMID != "" {
		check.CRMID("crmid", c.CRMID)
	}
	if admin && strings.TrimSpace(c.APIUsername) == "" {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "apiUsername", Rule: RuleRequired})
	}
	if utf8.RuneCountInString(c.Credentials.CognitoClientSecret) > CognitoClientSecretMaxLength {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "cognitoClientSecret", Rule: RuleSize})
	}
	if _, ok := ParseLabelType(c.LabelType); !ok {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "labelType", Rule: RulePattern})
	}
	if c.APIClient != "" && c.APIClient != ClientA1 && c.APIClient != ClientShipping {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "apiClient", Rule: RulePattern})
	}
	if c.FulltrackVersion != "" && c.FulltrackVersion != FulltrackV1 && c.FulltrackVersion != FulltrackV3 {
		check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "fulltrackVersion", Rule: RulePattern})
	}
	check.Locale("language", c.Language)
	for i, e := range c.ManifestEmails {
		check.Email("manifestEmails["+itoa(i)+"]", e)
	}
	violations := c.AutoManifest.Violations()
	for _, f := range []string{"time", "days"} {
		if r, ok := violations[f]; ok {
			check.Violations = append(check.Violations, failure.FieldViolation{Object: Object, Field: "autoManifestDayTime." + f, Rule: r})
		}
	}
	return check.Err()
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// GTCCountries are the countries with terms of carriage (spec 3 section 9).
var GTCCountries = []string{"DE", "AT", "DK", "NL", "SE", "BE", "ES", "IT"}

// GTCCountry is the country of the customer's terms, taken from the CRM id
// prefix, and whether terms exist for it.
func GTCCountry(crmID string) (string, bool) {
	id := account.NormalizeCRMID(crmID)
	if len(id) < 2 {
		return "", false
	}
	country := id[:2]
	return country, slices.Contains(GTCCountries, country)
}

// ConsentKind names a consent.
type ConsentKind int

// The consents a customer gives.
const (
	ConsentGTC ConsentKind = iota + 1
	ConsentCIPricing
)

// Actor is who changes a consent, as far as the rule cares.
type Actor struct {
	Admin  bool
	CanAct bool
	// FormRole: the actor holds a role of the customer form (ADMIN,
	// SUPERADMIN, USER, OPERATIONS); a tracking-only login does not.
	FormRole bool
}

// ConsentChange decides whether actor may set the consent to accept on the
// customer, and whether anything changes. Anyone acting for the customer
// with a role of the customer form may accept (a tracking-only login may
// not); once accepted, only admins may untick. CI pricing exists only for
// chargeable customers, GTC only for the supported countries of the CRM id.
func ConsentChange(kind ConsentKind, actor Actor, c Customer, accept bool) (changed bool, err error) {
	if !actor.CanAct {
		return false, ErrNotFound
	}
	if !actor.FormRole {
		return false, ErrFormRolesOnly
	}
	current := c.GTC
	if kind == ConsentCIPricing {
		current = c.CIPricing
		if !c.IsCommercialInvoiceChargeable && accept {
			return false, ErrNotChargeable
		}
	}
	if kind == ConsentGTC && accept {
		if _, ok := GTCCountry(c.CRMID); !ok {
			return false, ErrCountryNotSupported
		}
	}
	if current.Accepted == accept {
		return false, nil
	}
	if !accept && !actor.Admin {
		return false, ErrConsentLocked
	}
	return true, nil
}

// ConsentEditable tells a screen whether the consent box can be clicked.
func ConsentEditable(kind ConsentKind, actor Actor, c Customer) bool {
	current := c.GTC
	if kind == ConsentCIPricing {
		current = c.CIPricing
	}
	_, err := ConsentChange(kind, actor, c, !current.Accepted)
	return err == nil
}

// Mask stands in for a secret on screen; sent back unchanged it keeps the secret.
const Mask = "********"

// Masked returns the customer with every set secret replaced by Mask.
func (c Customer) Masked() Customer {
	for _, s := range c.Credentials.Secrets() {
		if *s != "" {
			*s = Mask
		}
	}
	return c
}

// ViewFor is the customer as shown to the caller: admins see credentials
// masked, everyone else sees none at all, except that a fulltrack access key
// exists (as Mask), which TrackingEnabled needs and which tells nothing.
func (c Customer) ViewFor(admin bool) Customer {
	if !admin {
		hasKey := c.Credentials.FulltrackAccessKey != ""
		c.Credentials = Credentials{}
		if hasKey {
			c.Credentials.FulltrackAccessKey = Mask
		}
		return c
	}
	return c.Masked()
}

// Merge applies an edit to the stored customer. Admins change everything but
// the consents; a secret sent as Mask keeps the stored one. Others change the
// General fields only: the Configuration fields, the credentials and the
// consents stay as stored. Consents change only through ConsentChange.
func Merge(stored, edit Customer, admin bool) Customer {
	out := edit
	out.ID = stored.ID
	out.GTC, out.CIPricing = stored.GTC, stored.CIPricing
	// Fulfillments choose their customers in the fulfillment form.
	out.FulfillmentIDs = stored.FulfillmentIDs
	if !admin {
		out.CRMID = stored.CRMID
		out.APIClient = stored.APIClient
		out.HubID, out.HubName = stored.HubID, stored.HubName
		out.AcssID = stored.AcssID
		out.IsCommercialInvoiceChargeable = stored.IsCommercialInvoiceChargeable
		out.AvailableFeatures = stored.AvailableFeatures
		out.SellerEORI = stored.SellerEORI
		out.EORICountryThresholds = stored.EORICountryThresholds
		out.ManifestType = stored.ManifestType
		out.ManifestingRules = stored.ManifestingRules
		out.ManifestEmails = stored.ManifestEmails
		out.ShouldIncreaseReferenceNumber = stored.ShouldIncreaseReferenceNumber
		out.Credentials = stored.Credentials
		out.FulltrackVersion = stored.FulltrackVersion
		out.GRPEnabled = stored.GRPEnabled
		out.TrackingUsername = stored.TrackingUsername
		out.APIUsername = stored.APIUsername
		return out
	}
	have, want := stored.Credentials.Secrets(), out.Credentials.Secrets()
	for i := range want {
		if *want[i] == Mask {
			*want[i] = *have[i]
		}
	}
	return out
}

// TrackingEnabled: the customer's parcels can be tracked when it has a
// tracking user name or a fulltrack access key (spec 2 section 2.2).
func (c Customer) TrackingEnabled() bool {
	return c.TrackingUsername != "" || c.Credentials.FulltrackAccessKey != ""
}
