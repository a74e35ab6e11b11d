// Package profile describes the running portal to the shell: which
// environment it is, what the footer prints and which switches are on.
package profile

import (
	"strings"
	"time"

	"parcelportal/core/reference"
)

// Settings are the operator's choices for this installation.
type Settings struct {
	// Environment names the installation, such as "dev", "test" or "prod".
	Environment string
	// Production switches off everything meant for non-production use.
	Production       bool
	SwaggerEnabled   bool
	RecaptchaSiteKey string
	// LogoutRedirectURL is the identity provider's logout address the
	// browser goes to after logout (spec 1 section 2); empty for none.
	// cmd/portal checks it at start.
	LogoutRedirectURL string
}

// Build identifies the running binary.
type Build struct {
	Version string
	Date    time.Time
}

// Profile is what the shell renders before and after sign-in.
type Profile struct {
	RibbonEnv        string
	InProduction     bool
	SwaggerEnabled   bool
	CopyrightYear    int
	Version          string
	BuildDate        time.Time
	RecaptchaSiteKey string
	Catalog          reference.Catalog
	// LogoutRedirectURL is where the webapp sends the browser after logout;
	// empty: it stays on the portal's logout page.
	LogoutRedirectURL string
}

// Describe builds the profile. The ribbon warns people that they are not on
// the real portal, so production never shows one; the copyright year follows
// the clock rather than the build so that a long-running portal stays current.
func Describe(s Settings, b Build, catalog reference.Catalog, now time.Time) Profile {
	ribbon := strings.TrimSpace(s.Environment)
	if s.Production {
		ribbon = ""
	}
	return Profile{
		RibbonEnv:        ribbon,
		InProduction:     s.Production,
		SwaggerEnabled:   s.SwaggerEnabled,
		CopyrightYear:    now.Year(),
		Version:          b.Version,
		BuildDate:        b.Date,
		RecaptchaSiteKey: s.RecaptchaSiteKey,
		Catalog:          catalog,

		LogoutRedirectURL: s.LogoutRedirectURL,
	}
}
