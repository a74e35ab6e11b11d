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

func TestASelectionNamesLabelsOfOneSource(t *testing.T) {
	tooMany := make([]int64, printer.MaxSelected+1)
	for i := range tooMany {
		tooMany[i] = int64(i + 1)
	}
	for _, c := range []struct {
		s  printer.Selection
		ok bool
	}{
		{printer.Selection{Source: printer.FromBatch, BatchID: 7}, true},
		{printer.Selection{Source: printer.FromShipments, IDs: []int64{1, 2}}, true},
		{printer.Selection{Source: printer.FromParcels, IDs: []int64{3}}, true},
		{printer.Selection{Source: printer.FromSearch, Search: "status=DONE"}, true},
		{printer.Selection{}, false},
		{printer.Selection{Source: printer.FromBatch}, false},
		{printer.Selection{Source: printer.FromShipments}, false},
		{printer.Selection{Source: printer.FromParcels, IDs: []int64{3, 0}}, false},
		{printer.Selection{Source: printer.FromShipments, IDs: tooMany}, false},
		{printer.Selection{Source: 99, BatchID: 7}, false},
	} {
		if err := c.s.Validate(); (err == nil) != c.ok {
			t.Errorf("%+v: Validate = %v", c.s, err)
		}
	}
}
