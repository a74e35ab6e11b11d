package rpc

import (
	"net/http/httptest"
	"testing"
)

func TestClientAddrBelievesOnlyTrustedProxies(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.5 ::1")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, peer, xff, want string
	}{
		{"no proxy configured is the peer", "203.0.113.7:5000", "", "203.0.113.7"},
		{"an untrusted peer's header is ignored", "203.0.113.7:5000", "198.51.100.1", "203.0.113.7"},
		{"a trusted proxy names the client", "10.1.2.3:443", "198.51.100.1", "198.51.100.1"},
		{"a client's own entries are not believed", "10.1.2.3:443", "1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"a chain of trusted proxies", "192.168.1.5:443", "198.51.100.1, 10.9.9.9", "198.51.100.1"},
		{"garbage stops at the nearest trusted hop", "10.1.2.3:443", "198.51.100.1, not-an-ip", "10.1.2.3"},
		{"only trusted hops", "10.1.2.3:443", "10.4.4.4", "10.4.4.4"},
		{"IPv6 loopback proxy", "[::1]:443", "2001:db8::1", "2001:db8::1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/web/api/authenticate", nil)
			r.RemoteAddr = c.peer
			if c.xff != "" {
				r.Header.Set("X-Forwarded-For", c.xff)
			}
			if got := proxies.ClientAddr(r); got != c.want {
				t.Fatalf("ClientAddr = %q, want %q", got, c.want)
			}
		})
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.1.2.3:443"
	r.Header.Set("X-Forwarded-For", "198.51.100.1")
	if got := TrustedProxies(nil).ClientAddr(r); got != "10.1.2.3" {
		t.Fatalf("without trusted proxies ClientAddr = %q, want the peer", got)
	}
	if _, err := ParseTrustedProxies("10.0.0.0/33"); err == nil {
		t.Fatal("a bad CIDR must be refused")
	}
}
