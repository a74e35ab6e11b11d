// Package account holds the rules for a portal login's own data: what a
// login name, an e-mail address, a CRM id and a language may be, and what a
// registration must carry (spec 1 section 5).
package account

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"parcelportal/core/failure"
	"parcelportal/core/password"
)

// Limits of spec 1 section 9.
const (
	LoginMaxLength         = 50
	EmailMinLength         = 5
	EmailMaxLength         = 254
	RequestReasonMaxLength = 1000
	NameMaxLength          = 50
	// SignInPasswordMaxLength bounds what a sign-in may send as password:
	// far above any configured password length, far below a body limit.
	SignInPasswordMaxLength = 1000
)

// Rule keys the browser translates as error.{rule}.
const (
	RuleRequired = "required"
	RulePattern  = "pattern"
	RuleSize     = "Size"
	RuleEmail    = "email"
)

// Locales are the languages the portal speaks.
var Locales = []string{"de", "en", "es", "it", "nl"}

// DefaultLocale is the language of a login that chose none.
const DefaultLocale = "en"

var (
	loginPattern = regexp.MustCompile("^[a-zA-Z0-9!$&*+=?^_`{|}~.-]+$")
	emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	crmIDPattern = regexp.MustCompile(`^(AT|BE|DK|DE|IT|NL|ES|SE)[0-9]{8}$`)
)

// Checker collects the violations of one input object, so a form shows every
// broken rule at once rather than one per attempt.
type Checker struct {
	Object     string
	Violations []failure.FieldViolation
}

func (c *Checker) fail(field, rule string) {
	c.Violations = append(c.Violations, failure.FieldViolation{Object: c.Object, Field: field, Rule: rule})
}

// Err returns the violations as an invalid-input failure, or nil.
func (c *Checker) Err() error {
	if len(c.Violations) == 0 {
		return nil
	}
	return failure.InvalidFields(c.Violations...)
}

// Login checks a login name: letters, digits and ! $ & * + = ? ^ _ ` { | } ~ . -, 1 to 50 long.
func (c *Checker) Login(field, login string) {
	switch {
	case login == "":
		c.fail(field, RuleRequired)
	case utf8.RuneCountInString(login) > LoginMaxLength:
		c.fail(field, RuleSize)
	case !loginPattern.MatchString(login):
		c.fail(field, RulePattern)
	}
}

// Email checks an address: 5 to 254 long and of the form local@domain.tld.
func (c *Checker) Email(field, email string) {
	n := utf8.RuneCountInString(email)
	switch {
	case email == "":
		c.fail(field, RuleRequired)
	case n < EmailMinLength || n > EmailMaxLength:
		c.fail(field, RuleSize)
	case !emailPattern.MatchString(email):
		c.fail(field, RuleEmail)
	}
}

// Password checks a new password's length.
func (c *Checker) Password(field, p string, maxLength int) {
	n := utf8.RuneCountInString(p)
	switch {
	case p == "":
		c.fail(field, RuleRequired)
	case n < password.MinLength || n > maxLength:
		c.fail(field, RuleSize)
	}
}

// CRMID checks a CRM id: a country prefix AT, BE, DK, DE, IT, NL, ES or SE and
// eight digits, in any case.
func (c *Checker) CRMID(field, crmID string) {
	switch {
	case crmID == "":
		c.fail(field, RuleRequired)
	case !crmIDPattern.MatchString(NormalizeCRMID(crmID)):
		c.fail(field, RulePattern)
	}
}

// Locale checks an optional language choice.
func (c *Checker) Locale(field, locale string) {
	if locale != "" && !slices.Contains(Locales, locale) {
		c.fail(field, RulePattern)
	}
}

// MaxLength checks an optional free text.
func (c *Checker) MaxLength(field, text string, max int) {
	if utf8.RuneCountInString(text) > max {
		c.fail(field, RuleSize)
	}
}

// NormalizeCRMID is how CRM ids are stored and compared: upper case, no
// surrounding space.
func NormalizeCRMID(crmID string) string { return strings.ToUpper(strings.TrimSpace(crmID)) }
