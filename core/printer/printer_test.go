package printer_test

import (
	"testing"

	"parcelportal/core/printer"
)

func TestHostsAreNamesOrAddressesOnly(t *testing.T) {
	for host, ok := range map[string]bool{
		"127.0.0.1": true, "printer.local": true, "zebra-1.warehouse.example": true, "::1": true, "fe80::1": true,
		"10.0.0.1:9100": false, "http://printer": false, "printer/x": false, "-bad": false, "a..b": false,
		"print er": false, "1::2::3": false, "::g": false,
	} {
		p := printer.Printer{Name: "x", Host: host}
		p.Normalize()
		if err := p.Validate(); (err == nil) != ok {
			t.Errorf("host %q: valid = %v, want %v", host, err == nil, ok)
		}
	}
}

func TestAddressJoinsHostAndPort(t *testing.T) {
	for _, c := range []struct {
		host string
		want string
	}{{"10.0.0.1", "10.0.0.1:9100"}, {"::1", "[::1]:9100"}, {"printer.local", "printer.local:9100"}} {
		p := printer.Printer{Host: c.host}
		p.Normalize()
		if got := p.Address(); got != c.want {
			t.Errorf("Address(%q) = %q, want %q", c.host, got, c.want)
		}
	}
}

func TestJobsAreZPLOfBoundedSize(t *testing.T) {
	if err := printer.CheckJob([]byte("^xa^fdlower case^fs^xz")); err != nil {
		t.Errorf("lower-case ZPL refused: %v", err)
	}
	if n := printer.Labels([]byte("^XA^XZ^XA^XZ^XA^XZ")); n != 3 {
		t.Errorf("Labels = %d", n)
	}
}
