package reports

import (
	"context"
	"slices"
	"testing"

	"parcelportal/app/batches"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
	"parcelportal/core/report"
	"parcelportal/core/shipment"
)

// entries holds one shipment (id 7 of customer 5) and records what was read.
type entries struct{ read []string }

func (e *entries) Rows(_ context.Context, customers []int64, ids []int64) ([]report.Row, error) {
	e.read = append(e.read, "rows")
	if ids[0] != 7 || (customers != nil && !slices.Contains(customers, 5)) {
		return nil, nil
	}
	return []report.Row{{ShipmentID: 7, CustomerID: 5, Identifier: "TR7"}}, nil
}

func (e *entries) Entered(context.Context, int64) (shipment.Validated, error) {
	e.read = append(e.read, "entered")
	return shipment.Validated{Fields: map[string]shipment.Value{"currency": {Value: " CHF "}, "incoterm": {Value: "DAP"}},
		OrderLines: []map[string]shipment.Value{{"quantity": {Value: "2"}}, {"quantity": {Value: ""}}}}, nil
}

func (e *entries) Exchanges(context.Context, int64, bool) ([]batches.Exchange, error) {
	e.read = append(e.read, "exchanges")
	return nil, nil
}

func TestDetailsCheckTheCallerThemselves(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		caller *access.Caller
		want   string
	}{
		{"anonymous", nil, "error.unauthenticated"},
		{"tracking only", &access.Caller{Roles: []access.Role{access.TrackingOnly}, CustomerID: 5}, "error.forbidden"},
		{"an API login", &access.Caller{Roles: []access.Role{access.API}, CustomerID: 5}, "error.forbidden"},
		{"another customer's user", &access.Caller{Roles: []access.Role{access.User}, CustomerID: 6}, batch.KeyShipmentNotFound},
	} {
		e := &entries{}
		_, err := Details{Entries: e}.Shipment(ctx, c.caller, 7)
		if !failure.HasKey(err, c.want) || slices.Contains(e.read, "entered") {
			t.Errorf("%s: %v, read %v", c.name, err, e.read)
		}
	}
	// Traffic is for admins: everybody else is refused before anything is read.
	for _, roles := range [][]access.Role{{access.User}, {access.Operations}, {access.CustomerService}} {
		e := &entries{}
		_, err := Details{Entries: e}.Traffic(ctx, &access.Caller{Roles: roles, CustomerID: 5}, 7, "request")
		if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden || len(e.read) != 0 {
			t.Errorf("%v: %v, read %v", roles, err, e.read)
		}
	}
	e := &entries{}
	if _, err := (Details{Entries: e}).Traffic(ctx, &access.Caller{Roles: []access.Role{access.Admin}}, 7, "both"); !failure.HasKey(err, batch.KeyTrafficKind) || len(e.read) != 0 {
		t.Errorf("kind both: %v, read %v", err, e.read)
	}
}

func TestDetailsOfARow(t *testing.T) {
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: 5}
	d, err := Details{Entries: &entries{}}.Shipment(context.Background(), user, 7)
	if err != nil || d.Currency != "CHF" || d.Identifier != "TR7" || len(d.OrderLines) != 1 || d.Invoice["incoterm"] != "DAP" ||
		len(d.Invoice) != len(shipment.InvoiceFields) || d.Invoice["invoiceNumber"] != "" {
		t.Errorf("%+v %v", d, err)
	}
	f, err := Details{Entries: &entries{}}.Traffic(context.Background(), &access.Caller{Roles: []access.Role{access.SuperAdmin}}, 7, "response")
	if err != nil || f.Name != "shipment-7-responses.xml" || string(f.Data) != "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<traffic shipment=\"7\" kind=\"response\">\n</traffic>\n" {
		t.Errorf("traffic: %q %v", f.Data, err)
	}
}
