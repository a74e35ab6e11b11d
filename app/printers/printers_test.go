package printers_test

import (
	"context"
	"errors"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/printers"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// device records the addresses it was asked to send to.
type device struct {
	sent []string
	err  error
}

func (d *device) Send(_ context.Context, address string, _ []byte) error {
	d.sent = append(d.sent, address)
	return d.err
}

var (
	admin     = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	operation = &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}}
	user1     = &access.Caller{Login: "u1", Roles: []access.Role{access.User}, CustomerID: 1}
	user2     = &access.Caller{Login: "u2", Roles: []access.Role{access.User}, CustomerID: 2}
	tracking  = &access.Caller{Login: "t", Roles: []access.Role{access.TrackingOnly}, CustomerID: 1}
	api       = &access.Caller{Login: "api", Roles: []access.Role{access.API}, CustomerID: 1}
)

func service() (printers.Service, *device) {
	d := &device{}
	return printers.Service{Store: &memory.NetworkPrinters{Customers: []int64{1, 2}}, Device: d}, d
}

func kind(err error) failure.Kind {
	if e, ok := failure.As(err); ok {
		return e.Kind
	}
	return 0
}

const job = "^XA^FDlabel^FS^XZ\n^XA^FDlabel 2^FS^XZ\n"

func TestStaffConfigureAndTheCustomersUsersPrint(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, err := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "  Desk  ", Host: " 127.0.0.1 "})
	if err != nil || p.Name != "Desk" || p.Host != "127.0.0.1" || p.Port != printer.DefaultPort || p.DPI != printer.DPI203 {
		t.Fatalf("Create = %+v, %v", p, err)
	}
	if _, err := s.Create(ctx, operation, printer.Printer{CustomerID: 1, Name: "Hall", Host: "printer.local", Port: 6101, DPI: 300}); err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx, user1, 1)
	if err != nil || len(list) != 2 || list[0].Name != "Desk" || list[1].LabelType() != "Zebra300" {
		t.Fatalf("List = %+v, %v", list, err)
	}
	printed, err := s.Print(ctx, user1, 1, p.ID, []byte(job))
	if err != nil || printed.Labels != 2 || len(d.sent) != 1 || d.sent[0] != "127.0.0.1:9100" {
		t.Fatalf("Print = %+v, %v; sent to %v", printed, err, d.sent)
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
	moved.Host = "192.0.2.1"
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
// customer: another customer's printer id, a missing id, and callers that
// do not print are refused before anything is sent.
func TestPrintingReachesOnlyConfiguredPrintersOfTheCallersCustomer(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	mine, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Mine", Host: "127.0.0.1", Port: 9100})
	theirs, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 2, Name: "Theirs", Host: "127.0.0.2", Port: 9100})
	cases := []struct {
		name     string
		caller   *access.Caller
		customer int64
		id       int64
		want     failure.Kind
	}{
		{"another customer's printer under mine", user1, 1, theirs.ID, failure.NotFound},
		{"another customer's printer under theirs", user1, 2, theirs.ID, failure.NotFound},
		{"my printer under another customer", user2, 1, mine.ID, failure.NotFound},
		{"a missing printer", user1, 1, 999, failure.NotFound},
		{"anonymous", nil, 1, mine.ID, failure.Unauthenticated},
		{"tracking only", tracking, 1, mine.ID, failure.Forbidden},
		{"api login", api, 1, mine.ID, failure.Forbidden},
	}
	for _, c := range cases {
		if _, err := s.Print(ctx, c.caller, c.customer, c.id, []byte(job)); kind(err) != c.want {
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

func TestPrintRefusesJobsThatAreNotZPL(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "127.0.0.1"})
	for _, data := range []string{"", "%PDF-1.4", "^XZ^XA", string(make([]byte, printer.MaxJobBytes+1))} {
		if _, err := s.Print(ctx, user1, 1, p.ID, []byte(data)); kind(err) != failure.Invalid {
			t.Fatalf("Print(%.10q) = %v", data, err)
		}
	}
	if len(d.sent) != 0 {
		t.Fatalf("sent to %v", d.sent)
	}
}

func TestPrintPassesTheDevicesFailureOn(t *testing.T) {
	ctx := context.Background()
	s, d := service()
	p, _ := s.Create(ctx, admin, printer.Printer{CustomerID: 1, Name: "Desk", Host: "127.0.0.1"})
	d.err = failure.New(failure.Unavailable, printer.KeyConnectionFailed)
	if _, err := s.Print(ctx, user1, 1, p.ID, []byte(job)); !failure.HasKey(err, printer.KeyConnectionFailed) {
		t.Fatalf("Print = %v", err)
	}
	d.err = errors.New("boom")
	if _, err := s.Print(ctx, user1, 1, p.ID, []byte(job)); err == nil {
		t.Fatal("a device fault was swallowed")
	}
}
