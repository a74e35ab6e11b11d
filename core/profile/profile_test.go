package profile

import (
	"parcelportal/core/reference"

	"testing"
	"time"
)

func TestDescribe(t *testing.T) {
	now := time.Date(2027, 1, 2, 3, 4, 5, 0, time.UTC)
	build := Build{Version: "1.2.3", Date: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)}
	cases := []struct {
		name       string
		settings   Settings
		wantRibbon string
	}{
		{"dev shows its ribbon", Settings{Environment: "dev"}, "dev"},
		{"production hides the ribbon", Settings{Environment: "prod", Production: true, LogoutRedirectURL: "https://id.example.com/logout"}, ""},
		{"blank environment has no ribbon", Settings{Environment: "  "}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Describe(c.settings, build, reference.Catalog{}, now)
			if p.RibbonEnv != c.wantRibbon {
				t.Errorf("RibbonEnv = %q, want %q", p.RibbonEnv, c.wantRibbon)
			}
			if p.CopyrightYear != 2027 || p.Version != "1.2.3" || !p.BuildDate.Equal(build.Date) {
				t.Errorf("footer facts wrong: %+v", p)
			}
			if p.LogoutRedirectURL != c.settings.LogoutRedirectURL {
				t.Errorf("LogoutRedirectURL = %q", p.LogoutRedirectURL)
			}
			if p.InProduction != c.settings.Production {
				t.Errorf("InProduction = %v", p.InProduction)
			}
		})
	}
}
