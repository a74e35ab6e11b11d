package web

import (
	"strings"
	"testing"
)

// The page may reach a Browser Print agent on this computer at whatever port
// its printer settings name (the webapp refuses other hosts alike), and no
// print agent anywhere else.
func TestThePolicyLetsThePageReachLocalPrintAgentsOnly(t *testing.T) {
	var connect string
	for _, directive := range strings.Split(ContentSecurityPolicy, ";") {
		if d := strings.TrimSpace(directive); strings.HasPrefix(d, "connect-src ") {
			connect = d
		}
	}
	sources := strings.Fields(connect)
	for _, want := range []string{"'self'", "http://127.0.0.1:*", "https://127.0.0.1:*", "http://localhost:*", "https://localhost:*"} {
		if !contains(sources, want) {
			t.Errorf("connect-src lacks %s: %s", want, connect)
		}
	}
	for _, s := range sources[1:] {
		if s == "'self'" {
			continue
		}
		_, host, _ := strings.Cut(s, "://")
		if !strings.HasPrefix(host, "127.0.0.1:") && !strings.HasPrefix(host, "localhost:") {
			t.Errorf("connect-src lets the page reach %s", s)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
