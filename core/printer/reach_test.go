package printer_test

import (
	"net/netip"
	"testing"

	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

func TestReachRefusesTheMachineTheLinkAndThePortalsServices(t *testing.T) {
	services := []netip.AddrPort{
		netip.MustParseAddrPort("127.0.0.1:4434"), // Kratos' admin API
		netip.MustParseAddrPort("10.0.0.5:5432"),  // the database
		netip.MustParseAddrPort("0.0.0.0:8080"),   // the portal, on every address
		netip.MustParseAddrPort("[::1]:63790"),    // Redis
	}
	open := printer.Reach{Services: services}
	printerNet := printer.Reach{Services: services, Networks: mustNetworks(t, "127.0.0.2/32, 10.0.0.0/24")}
	cases := []struct {
		reach printer.Reach
		to    string
		ok    bool
	}{
		{open, "192.0.2.10:9100", true},
		{open, "10.0.0.9:9100", true},
		{open, "[2001:db8::1]:9100", true},
		{open, "127.0.0.1:4434", false},
		{open, "127.0.0.1:9100", false},
		{open, "127.1.2.3:9100", false},
		{open, "[::1]:9100", false},
		{open, "[::ffff:127.0.0.1]:9100", false},
		{open, "169.254.169.254:80", false},
		{open, "[fe80::1]:9100", false},
		{open, "0.0.0.0:9100", false},
		{open, "[::]:9100", false},
		{open, "224.0.0.1:9100", false},
		{open, "[ff02::1]:9100", false},
		{open, "10.0.0.5:5432", false},
		{open, "192.0.2.10:8080", false},
		{printerNet, "127.0.0.2:9110", true},
		{printerNet, "10.0.0.9:9100", true},
		{printerNet, "[::ffff:10.0.0.9]:9100", true},
		{printerNet, "127.0.0.1:9110", false},
		{printerNet, "192.0.2.10:9100", false},
		{printerNet, "10.0.0.5:5432", false},
		{printerNet, "127.0.0.2:8080", false},
	}
	for _, c := range cases {
		err := c.reach.Check(netip.MustParseAddrPort(c.to))
		if c.ok && err != nil {
			t.Errorf("%s (networks %v) refused: %v", c.to, c.reach.Networks, err)
		}
		if !c.ok && !failure.HasKey(err, printer.KeyAddressRefused) {
			t.Errorf("%s (networks %v) = %v, want %s", c.to, c.reach.Networks, err, printer.KeyAddressRefused)
		}
	}
}

func TestParseNetworks(t *testing.T) {
	got := mustNetworks(t, " 10.1.2.3/16,192.0.2.7 ::1  fd00::/8")
	want := []string{"10.1.0.0/16", "192.0.2.7/32", "::1/128", "fd00::/8"}
	if len(got) != len(want) {
		t.Fatalf("ParseNetworks = %v", got)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("network %d = %s, want %s", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "printer.local", "::ffff:10.0.0.0/104", "10.0.0.1-10.0.0.9"} {
		if _, err := printer.ParseNetworks(bad); err == nil {
			t.Errorf("ParseNetworks(%q) accepted", bad)
		}
	}
	if n, err := printer.ParseNetworks(""); err != nil || len(n) != 0 {
		t.Errorf("ParseNetworks(\"\") = %v, %v", n, err)
	}
}

func mustNetworks(t *testing.T, list string) []netip.Prefix {
	t.Helper()
	n, err := printer.ParseNetworks(list)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestHostStatusIsAZebrasAnswer(t *testing.T) {
	zebra := "\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n"
	if !printer.AnswersHostStatus([]byte(zebra)) || !printer.HostStatusDone([]byte(zebra)) {
		t.Fatal("a Zebra's host status was not taken")
	}
	if !printer.MayAnswerHostStatus([]byte(zebra[:20])) {
		t.Fatal("the start of a host status can no longer become one")
	}
	for _, other := range []string{"", "-ERR unknown command '~HS'\r\n", "HTTP/1.1 400 Bad Request\r\n", "220 mail ESMTP\r\n", "\x02no end"} {
		if printer.AnswersHostStatus([]byte(other)) {
			t.Errorf("%q taken for a host status", other)
		}
	}
	if printer.MayAnswerHostStatus([]byte("-ERR")) {
		t.Error("an answer that starts otherwise may still become a host status")
	}
}
