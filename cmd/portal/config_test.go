package main

import (
	"testing"

	"parcelportal/adapters/secrets"
)

func TestCredentialsKey(t *testing.T) {
	t.Setenv("CREDENTIALS_KEY", "")
	t.Setenv("PORTAL_PRODUCTION", "false")
	c, err := loadConfig()
	if err != nil || c.CredentialsKey != secrets.DevelopmentKey {
		t.Fatalf("development = %q, %v; want the development key", c.CredentialsKey, err)
	}
	t.Setenv("PORTAL_PRODUCTION", "true")
	if _, err := loadConfig(); err == nil {
		t.Fatal("production started without CREDENTIALS_KEY")
	}
	t.Setenv("CREDENTIALS_KEY", "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	if c, err := loadConfig(); err != nil || c.CredentialsKey != "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=" {
		t.Fatalf("production with key = %q, %v", c.CredentialsKey, err)
	}
}
