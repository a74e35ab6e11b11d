package main

import (
	"strings"
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
	if w := developmentKeyWarning(c); !strings.Contains(w, "PUBLIC DEVELOPMENT KEY") || !strings.Contains(w, "CREDENTIALS_KEY") {
		t.Fatalf("warning with the development key = %q", w)
	}
	t.Setenv("PORTAL_PRODUCTION", "true")
	if _, err := loadConfig(); err == nil {
		t.Fatal("production started without CREDENTIALS_KEY")
	}
	t.Setenv("CREDENTIALS_KEY", secrets.DevelopmentKey)
	if _, err := loadConfig(); err == nil {
		t.Fatal("production started with the public development key")
	}
	t.Setenv("CREDENTIALS_KEY", "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	c, err = loadConfig()
	if err != nil || c.CredentialsKey != "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=" {
		t.Fatalf("production with key = %q, %v", c.CredentialsKey, err)
	}
	if w := developmentKeyWarning(c); w != "" {
		t.Fatalf("warning with a key of its own = %q", w)
	}
}

// TestGRPCReflectionIsOptIn: reflection lists every method to anonymous
// callers, so only GRPC_REFLECTION=true (as `make run` sets) serves it.
func TestGRPCReflectionIsOptIn(t *testing.T) {
	t.Setenv("GRPC_REFLECTION", "")
	if c, err := loadConfig(); err != nil || c.GRPCReflection {
		t.Fatalf("unset = %v, %v", c.GRPCReflection, err)
	}
	t.Setenv("GRPC_REFLECTION", "true")
	if c, err := loadConfig(); err != nil || !c.GRPCReflection {
		t.Fatalf("true = %v, %v", c.GRPCReflection, err)
	}
}

// TestTheConsoleHasItsOwnLogin: without CONSOLE_DATABASE_URL, or in
// production, there is no console (it never runs as the portal's role).
func TestTheConsoleHasItsOwnLogin(t *testing.T) {
	cfg := config{}
	if role := consoleRole(cfg); role != "" {
		t.Fatalf("role without a URL = %q", role)
	}
	if c, err := consoleOf(cfg); c != nil || err != nil {
		t.Fatalf("console without a URL = %v, %v", c, err)
	}
	cfg.ConsoleDatabaseURL = "postgres://portal_console:pw@127.0.0.1:1/portal"
	if role := consoleRole(cfg); role != "portal_console" {
		t.Fatalf("role = %q", role)
	}
	cfg.Production = true
	if c, err := consoleOf(cfg); c != nil || err != nil {
		t.Fatalf("console in production = %v, %v", c, err)
	}
	t.Setenv("CONSOLE_DATABASE_URL", "postgres://x:y@host:notaport/db")
	if _, err := loadConfig(); err == nil || strings.Contains(err.Error(), "y@") {
		t.Fatalf("a broken URL = %v", err)
	}
}

// TestLogoutRedirect: the logout address goes to every browser, so only an
// https URL (or http to a loopback host outside production) starts the portal.
func TestLogoutRedirect(t *testing.T) {
	for _, c := range []struct {
		raw        string
		production bool
		want       string
		ok         bool
	}{
		{"", true, "", true},
		{"https://id.example.com/logout?post_logout_redirect_uri=https%3A%2F%2Fportal.example.com", true, "https://id.example.com/logout?post_logout_redirect_uri=https%3A%2F%2Fportal.example.com", true},
		{"  https://id.example.com/logout  ", true, "https://id.example.com/logout", true},
		{"http://127.0.0.1:4433/self-service/logout/browser", false, "http://127.0.0.1:4433/self-service/logout/browser", true},
		{"http://localhost:4433/logout", false, "http://localhost:4433/logout", true},
		{"http://[::1]:4433/logout", false, "http://[::1]:4433/logout", true},
		{"http://127.0.0.1:4433/logout", true, "", false},
		{"http://id.example.com/logout", false, "", false},
		{"javascript:alert(1)", false, "", false},
		{"data:text/html,<script>alert(1)</script>", false, "", false},
		{"//id.example.com/logout", false, "", false},
		{"/logout", false, "", false},
		{"https://user:secret@id.example.com/logout", true, "", false},
		{"https:///logout", true, "", false},
		{"ftp://id.example.com/logout", false, "", false},
		{"https://id.example.com/%zz", true, "", false},
	} {
		got, err := parseLogoutRedirect(c.raw, c.production)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("parseLogoutRedirect(%q, production %v) = %q, %v", c.raw, c.production, got, err)
		}
	}
	t.Setenv("PORTAL_PRODUCTION", "false")
	t.Setenv("LOGOUT_REDIRECT_URL", "http://id.example.com/logout")
	if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "LOGOUT_REDIRECT_URL") {
		t.Fatalf("a plain-http logout address started the portal: %v", err)
	}
	t.Setenv("LOGOUT_REDIRECT_URL", "https://id.example.com/logout")
	if c, err := loadConfig(); err != nil || c.LogoutRedirectURL != "https://id.example.com/logout" {
		t.Fatalf("loadConfig = %q, %v", c.LogoutRedirectURL, err)
	}
}
