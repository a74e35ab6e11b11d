package printers_test

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/printers"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// device records the addresses and jobs it was asked to send, and checks
// hosts with the printer.Reach rule over a fixed table of names.
type device struct {
	reach printer.Reach
	hosts map[string]string
	sent  []string
	jobs  []string
	err   error
}

func (d *device) Check(_ context.Context, host string, port int) error {
	if a, ok := d.hosts[host]; ok {
		host = a
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return failure.New(failure.Invalid, printer.KeyUnknownHost)
	}
	return d.reach.Check(netip.AddrPortFrom(ip, uint16(port)))
}

func (d *device) Send(_ context.Context, address string, data []byte) error {
	d.sent = append(d.sent, address)
	d.jobs = append(d.jobs, string(data))
	return d.err
}

// labels are the stored labels of customer 1 (batch 10, shipments 11 and
// 12, parcel 13, the search "mine") and of customer 2 (batch 20), read
// as the downloads do: another customer's are not found. Batch 14 has PDF
// labels.
type labels struct{}

var stored = map[int64]string{
	10: "^XA^FDbatch 10 one^FS^XZ\n^XA^FDbatch 10 two^FS^XZ\n",
	11: "^XA^FDshipment 11^FS^XZ\n", 12: "^XA^FDshipment 12^FS^XZ\n",
	13: "^XA^FDparcel 13^FS^XZ\n", 14: "%PDF-1.4 batch 14",
	20: "^XA^FDbatch 20 of customer 2^FS^XZ\n",
}

func (labels) of(caller *access.Caller, ids ...int64) (printers.LabelFile, error) {
	var out string
	for _, id := range ids {
		owner := int64(1)
		if id >= 20 {
			owner = 2
		}
		if !caller.CanActFor(owner) || stored[id] == "" {
			return printers.LabelFile{}, failure.New(failure.NotFound, "error.notFound")
		}
		out += stored[id]
	}
	return printers.LabelFile{Data: []byte(out)}, nil
}

func (l labels) BatchLabels(_ context.Context, c *access.Caller, id int64) (printers.LabelFile, error) {
	return l.of(c, id)
}
func (l labels) ShipmentLabels(_ context.Context, c *access.Caller, ids []int64) (printers.LabelFile, error) {
	return l.of(c, ids...)
}
func (l labels) ParcelLabel(_ context.Context, c *access.Caller, id int64) (printers.LabelFile, error) {
	return l.of(c, id)
}
func (l labels) SearchLabels(_ context.Context, c *access.Caller, filter string) (printers.LabelFile, error) {
	if filter != "mine" {
		return printers.LabelFile{}, failure.New(failure.NotFound, "error.noLabels")
	}
	return l.of(c, 11, 12)
}

var (
	admin     = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	operation = &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}}
	user1     = &access.Caller{Login: "u1", Roles: []access.Role{access.User}, CustomerID: 1}
	user2     = &access.Caller{Login: "u2", Roles: []access.Role{access.User}, CustomerID: 2}
	tracking  = &access.Caller{Login: "t", Roles: []access.Role{access.TrackingOnly}, CustomerID: 1}
	api       = &access.Caller{Login: "api", Roles: []access.Role{access.API}, CustomerID: 1}
)

// service allows the printer networks 127.0.0.2 and 10.0.0.0/24 and keeps
// Kratos' admin API (127.0.0.1:4434) and the database (10.0.0.5:5432) out.
func service() (printers.Service, *device) {
	networks, _ := printer.ParseNetworks("127.0.0.2, 10.0.0.0/24")
	d := &device{
		reach: printer.Reach{Networks: networks, Services: []netip.AddrPort{
			netip.MustParseAddrPort("127.0.0.1:4434"), netip.MustParseAddrPort("10.0.0.5:5432")}},
		hosts: map[string]string{"printer.local": "10.0.0.7", "kratos.local": "127.0.0.1"},
	}
	return printers.Service{Store: &memory.NetworkPrinters{Customers: []int64{1, 2}}, Device: d, Labels: labels{}}, d
}

func batch(id int64) printer.Selection {
	return printer.Selection{Source: printer.FromBatch, BatchID: id}
}

func kind(err error) failure.Kind {
	if e, ok := failure.As(err); ok {
		return e.Kind
	}
	return 0
}

func TestStaffConfigureAndTheCustomersUsersPrintStoredLabels(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, err := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "  Desk  ", Host: " 127.0.0.2 "})
	if err != nil || p.Name != "Desk" || p.Host != "127.0.0.2" || p.Port != printer.DefaultPort || p.DPI != printer.DPI203 {
		t.Fatalf("Create = %+v, %v", p, err)
	}
	if _, err := s.Create(ctx, operation, printer.Printer{CustomerID: 1, Name: "Hall", Host: "printer.local", Port: 6101, DPI: 300}); err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx, user1, 1)
	if err != nil || len(list) != 2 || list[0].Name != "Desk" || list[1].LabelType() != "Zebra300" {
		t.Fatalf("List = %+v, %v", list, err)
	}
	for _, c := range []struct {
		labels printer.Selection
		want   string
	}{
		{batch(10), stored[10]},
		{printer.Selection{Source: printer.FromShipments, IDs: []int64{12, 11}}, stored[12] + stored[11]},
		{printer.Selection{Source: printer.FromParcels, IDs: []int64{13}}, stored[13]},
		{printer.Selection{Source: printer.FromSearch, Search: "mine"}, stored[11] + stored[12]},
	} {
		d.sent, d.jobs = nil, nil
		printed, err := s.Print(ctx, user1, 1, p.ID, c.labels)
		if err != nil || printed.Labels != strings.Count(c.want, "^XA") || len(d.sent) != 1 || d.sent[0] != "127.0.0.2:9100" {
			t.Fatalf("Print(%+v) = %+v, %v; sent to %v", c.labels, printed, err, d.sent)
		}
		if d.jobs[0] != c.want {
			t.Errorf("Print(%+v) sent %q, want exactly the stored labels %q", c.labels, d.jobs[0], c.want)
		}
	}
}

// A printer address is refused where it is typed: one of the portal's
// services, this machine outside the printer networks, an address outside
// them, a name that resolves there, and a name that does not resolve.
func TestPrintersOnlyGetAddressesThePrinterNetworksAllow(t *testing.T) {
	ctx := context.Background()
	s, _ := service()
	for _, host := range []struct {
		host string
		port int
		key  string
	}{
		{"127.0.0.1", 4434, printer.KeyAddressRefused},
		{"127.0.0.1", 9100, printer.KeyAddressRefused},
		{"kratos.local", 4434, printer.KeyAddressRefused},
		{"10.0.0.5", 5432, printer.KeyAddressRefused},
		{"169.254.169.254", 80, printer.KeyAddressRefused},
		{"192.0.2.1", 9100, printer.KeyAddressRefused},
		{"nowhere.invalid", 9100, printer.KeyUnknownHost},
	} {
		_, err := s.Create(ctx, operation, printer.Printer{CustomerID: 1, Name: "Door", Host: host.host, Port: host.port})
		if !failure.HasKey(err, host.key) {
			t.Errorf("Create at %s:%d = %v, want %s", host.host, host.port, err, host.key)
		}
	}
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "10.0.0.7"})
	moved := p
	moved.Host, moved.Port = "127.0.0.1", 4434
	if _, err := s.Update(ctx, admin, moved); !failure.HasKey(err, printer.KeyAddressRefused) {
		t.Fatalf("Update to Kratos' admin API = %v", err)
	}
	if list, _ := s.List(ctx, admin, 1); len(list) != 1 || list[0] != p {
		t.Fatalf("printers = %+v", list)
	}
}

func TestOnlyStaffConfigurePrinters(t *testing.T) {
	ctx := context.Background()
	s, _ := service()
	for _, c := range []*access.Caller{nil, user1, tracking, api} {
		_, err := s.Create(ctx, c, printer.Printer{CustomerID: 1, Name: "Mine", Host: "10.0.0.1"})
		if err == nil {
			t.Fatalf("Create by %+v was allowed", c)
		}
	}
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "10.0.0.1"})
	moved := p
	moved.Host = "10.0.0.2"
	if _, err := s.Update(ctx, user1, moved); kind(err) != failure.Forbidden {
		t.Fatalf("Update by a user = %v", err)
	}
	if err := s.Delete(ctx, user1, 1, p.ID); kind(err) != failure.Forbidden {
		t.Fatalf("Delete by a user = %v", err)
	}
	if got, _ := s.List(ctx, admin, 1); len(got) != 1 || got[0] != p {
		t.Fatalf("printer changed: %+v", got)
	}
}

func TestBadPrintersAreRefusedAndNothingIsStored(t *testing.T) {
	ctx := context.Background()
	s, _ := service()
	for _, p := range []printer.Printer{
		{CustomerID: 1, Name: "", Host: "10.0.0.1"},
		{CustomerID: 1, Name: "x", Host: ""},
		{CustomerID: 1, Name: "x", Host: "10.0.0.1:9100"},
		{CustomerID: 1, Name: "x", Host: "http://printer"},
		{CustomerID: 1, Name: "x", Host: "printer/../x"},
		{CustomerID: 1, Name: "x", Host: "10.0.0.1", Port: 70000},
		{CustomerID: 1, Name: "x", Host: "10.0.0.1", Port: -1},
		{CustomerID: 1, Name: "x", Host: "10.0.0.1", DPI: 600},
		{CustomerID: 1, Name: string(make([]byte, 101)), Host: "10.0.0.1"},
	} {
		if _, err := s.Create(ctx, admin, p); !failure.HasKey(err, "error.validation") {
			t.Fatalf("Create(%+v) = %v", p, err)
		}
	}
	if _, err := s.Create(ctx, admin, printer.Printer{CustomerID: 99, Name: "x", Host: "10.0.0.1"}); kind(err) != failure.NotFound {
		t.Fatalf("Create for a missing customer = %v", err)
	}
	if list, _ := s.List(ctx, admin, 1); len(list) != 0 {
		t.Fatalf("stored: %+v", list)
	}
}

// The server prints only to a printer staff configured for the caller's
// customer, and only labels the caller may see: another customer's printer
// or labels, a missing id, and callers that do not print are refused
// before anything is sent.
func TestPrintingReachesOnlyConfiguredPrintersOfTheCallersCustomer(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	mine, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Mine", Host: "10.0.0.8", Port: 9100})
	theirs, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 2, Name: "Theirs", Host: "10.0.0.9", Port: 9100})
	cases := []struct {
		name     string
		caller   *access.Caller
		customer int64
		id       int64
		labels   printer.Selection
		want     failure.Kind
	}{
		{"another customer's printer under mine", user1, 1, theirs.ID, batch(10), failure.NotFound},
		{"another customer's printer under theirs", user1, 2, theirs.ID, batch(10), failure.NotFound},
		{"my printer under another customer", user2, 1, mine.ID, batch(20), failure.NotFound},
		{"another customer's batch", user1, 1, mine.ID, batch(20), failure.NotFound},
		{"another customer's batch among mine", user1, 1, mine.ID, printer.Selection{Source: printer.FromShipments, IDs: []int64{11, 20}}, failure.NotFound},
		{"a missing printer", user1, 1, 999, batch(10), failure.NotFound},
		{"no labels named", user1, 1, mine.ID, printer.Selection{}, failure.Invalid},
		{"anonymous", nil, 1, mine.ID, batch(10), failure.Unauthenticated},
		{"tracking only", tracking, 1, mine.ID, batch(10), failure.Forbidden},
		{"api login", api, 1, mine.ID, batch(10), failure.Forbidden},
	}
	for _, c := range cases {
		if _, err := s.Print(ctx, c.caller, c.customer, c.id, c.labels); kind(err) != c.want {
			t.Errorf("%s: Print = %v, want kind %d", c.name, err, c.want)
		}
		if _, err := s.List(ctx, c.caller, c.customer); c.caller != user1 && c.caller != nil && c.want == failure.Forbidden && kind(err) != failure.Forbidden {
			t.Errorf("%s: List = %v", c.name, err)
		}
	}
	if len(d.sent) != 0 {
		t.Fatalf("sent to %v", d.sent)
	}
	if _, err := s.List(ctx, user2, 1); kind(err) != failure.NotFound {
		t.Fatalf("List of another customer's printers = %v", err)
	}
}

func TestPrintRefusesLabelsThatAreNotZPL(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "127.0.0.2"})
	if _, err := s.Print(ctx, user1, 1, p.ID, batch(14)); !failure.HasKey(err, printer.KeyNotZPL) {
		t.Fatalf("Print of PDF labels = %v", err)
	}
	if len(d.sent) != 0 {
		t.Fatalf("sent to %v", d.sent)
	}
}

func TestPrintPassesTheDevicesFailureOn(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "127.0.0.2"})
	for _, key := range []string{printer.KeyConnectionFailed, printer.KeyAddressRefused, printer.KeyNotAPrinter} {
		d.err = failure.New(failure.Unavailable, key)
		if _, err := s.Print(ctx, user1, 1, p.ID, batch(10)); !failure.HasKey(err, key) {
			t.Fatalf("Print = %v, want %s", err, key)
		}
	}
	d.err = errors.New("boom")
	if _, err := s.Print(ctx, user1, 1, p.ID, batch(10)); err == nil {
		t.Fatal("a device fault was swallowed")
	}
}
