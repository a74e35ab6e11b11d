package customers_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/customers"
	"parcelportal/app/customers/storetest"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

var ctx = context.Background()

type fixture struct {
	svc         customers.Service
	mine, other customer.Customer
	admin, ops  *access.Caller
	user        *access.Caller
}

func setup(t *testing.T) fixture {
	store := memory.NewCustomers(map[int64]string{1: "Frankfurt Hub"}, 1)
	svc := customers.Service{Store: store, History: memory.NewBatchStore().Batches, Now: func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }}
	admin := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	mine, err := svc.Create(ctx, admin, storetest.Full(0, "DE10000001"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := svc.Create(ctx, admin, storetest.Full(0, "NL10000002"))
	if err != nil {
		t.Fatal(err)
	}
	user := &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: mine.ID}
	ops := &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}}
	return fixture{svc: svc, mine: mine, other: other, admin: admin, ops: ops, user: user}
}

func TestCreateAppliesDefaultsAndIsForAdmins(t *testing.T) {
	f := setup(t)
	c, err := f.svc.Create(ctx, f.admin, customer.Customer{Name: "Neu", CRMID: "de20000001", APIUsername: "neu"})
	if err != nil {
		t.Fatal(err)
	}
	if c.HubID != 1 || c.Language != "en" || c.LabelType != "PDF" || c.APIClient != "SHIPPING" || c.Currency != "EUR" || c.CRMID != "DE20000001" {
		t.Fatalf("created = %+v", c)
	}
	if _, err := f.svc.Create(ctx, f.user, customer.Customer{Name: "X", CRMID: "DE20000002", APIUsername: "x"}); !failure.HasKey(err, customer.KeyAdminOnly) {
		t.Fatalf("user create = %v", err)
	}
	if _, err := f.svc.Create(ctx, f.admin, customer.Customer{Name: "X", APIUsername: "x"}); err == nil {
		t.Fatal("admin create without crmid accepted")
	}
}

func TestScoping(t *testing.T) {
	f := setup(t)
	list, total, err := f.svc.List(ctx, f.user, customers.Query{})
	if err != nil || total != 1 || list[0].ID != f.mine.ID {
		t.Fatalf("user list = %+v of %d, %v", list, total, err)
	}
	if _, total, _ := f.svc.List(ctx, f.ops, customers.Query{}); total != 2 {
		t.Fatalf("operations list total = %d, want all", total)
	}
	stranger := &access.Caller{Login: "x", Roles: []access.Role{access.User}}
	if _, total, _ := f.svc.List(ctx, stranger, customers.Query{}); total != 0 {
		t.Fatalf("user without customer sees %d", total)
	}
	if _, err := f.svc.Get(ctx, f.user, f.other.ID); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("get other = %v", err)
	}
	edit := f.other
	edit.Name = "Hijacked"
	if _, err := f.svc.Update(ctx, f.user, edit); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("update other = %v", err)
	}
	if _, err := f.svc.SetConsent(ctx, f.user, f.other.ID, customer.ConsentGTC, true); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("consent other = %v", err)
	}
	if _, err := f.svc.SetPrinterSettings(ctx, f.user, f.other.ID, "ZPL"); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("printer other = %v", err)
	}
	if _, err := f.svc.SetAutoManifest(ctx, f.user, f.other.ID, customer.AutoManifest{}); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("auto-manifest other = %v", err)
	}
	if err := f.svc.Delete(ctx, f.user, f.mine.ID); !failure.HasKey(err, customer.KeyAdminOnly) {
		t.Fatalf("user delete = %v", err)
	}
	if err := f.svc.Delete(ctx, f.user, f.other.ID); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("user delete other = %v", err)
	}
}

// A tracking-only login acts for its customer but has no role of the
// customer form: it gives no consent, whatever the transport lets through.
func TestTrackingOnlyLoginGivesNoConsent(t *testing.T) {
	f := setup(t)
	tracking := &access.Caller{Login: "tracking", Roles: []access.Role{access.TrackingOnly}, CustomerID: f.mine.ID}
	for _, kind := range []customer.ConsentKind{customer.ConsentGTC, customer.ConsentCIPricing} {
		if _, err := f.svc.SetConsent(ctx, f.admin, f.mine.ID, kind, false); err != nil {
			t.Fatal(err)
		}
	}
	for _, kind := range []customer.ConsentKind{customer.ConsentGTC, customer.ConsentCIPricing} {
		if _, err := f.svc.SetConsent(ctx, tracking, f.mine.ID, kind, true); !failure.HasKey(err, customer.KeyForbidden) {
			t.Fatalf("tracking consent %d = %v", kind, err)
		}
	}
	c, err := f.svc.Get(ctx, f.admin, f.mine.ID)
	if err != nil || c.GTC.Accepted || c.CIPricing.Accepted {
		t.Fatalf("consents after the tracking login's calls = %+v / %+v, %v", c.GTC, c.CIPricing, err)
	}
}

// Customer service and tracking-only logins act for customers but hold no
// role of the customer form: the use cases refuse them themselves, behind
// the role table, and change nothing.
func TestCustomerFormRefusesRolesWithoutTheForm(t *testing.T) {
	f := setup(t)
	before, err := f.svc.Get(ctx, f.admin, f.mine.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, caller := range []*access.Caller{
		{Login: "service", Roles: []access.Role{access.CustomerService}},
		{Login: "tracking", Roles: []access.Role{access.TrackingOnly}, CustomerID: f.mine.ID},
	} {
		forbidden := func(what string, err error) {
			t.Helper()
			if fe, ok := failure.As(err); !ok || fe.Kind != failure.Forbidden {
				t.Errorf("%s by %s = %v; want forbidden", what, caller.Login, err)
			}
		}
		_, _, err := f.svc.List(ctx, caller, customers.Query{})
		forbidden("List", err)
		edit := before
		edit.Name = "Changed"
		_, err = f.svc.Update(ctx, caller, edit)
		forbidden("Update", err)
		_, err = f.svc.SetPrinterSettings(ctx, caller, f.mine.ID, "ZPL")
		forbidden("SetPrinterSettings", err)
		_, err = f.svc.SetAutoManifest(ctx, caller, f.mine.ID, customer.AutoManifest{})
		forbidden("SetAutoManifest", err)
	}
	after, err := f.svc.Get(ctx, f.admin, f.mine.ID)
	if err != nil || after.Name != before.Name || after.LabelType != before.LabelType {
		t.Fatalf("customer after refused calls = %+v, %v", after, err)
	}
}

// A customer with shipping history stays: deleting it would lose the record
// of its live labels, manifests and carrier traffic.
func TestDeleteRefusesACustomerWithShippingHistory(t *testing.T) {
	f := setup(t)
	batches := f.svc.History.(*memory.Batches)
	if _, err := batches.Create(ctx, batch.Batch{CustomerID: f.mine.ID, FileName: "a.csv", Status: batch.Created, CreatedBy: "user", LabelType: "PDF"},
		[]byte("name\nAnna\n"), []shipment.Validated{{Fields: map[string]shipment.Value{"name": {Value: "Anna"}}, Valid: true}}); err != nil {
		t.Fatal(err)
	}
	err := f.svc.Delete(ctx, f.admin, f.mine.ID)
	if f, ok := failure.As(err); !ok || f.Key != customer.KeyHasShippingHistory || f.Kind != failure.Conflict {
		t.Fatalf("delete with history = %v", err)
	}
	if _, err := f.svc.Get(ctx, f.admin, f.mine.ID); err != nil {
		t.Fatalf("customer after the refused delete = %v", err)
	}
	if err := f.svc.Delete(ctx, f.admin, f.other.ID); err != nil {
		t.Fatalf("delete without history = %v", err)
	}
	if _, err := f.svc.Get(ctx, f.admin, f.other.ID); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("deleted customer = %v", err)
	}
	if err := f.svc.Delete(ctx, f.admin, f.other.ID); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("delete twice = %v", err)
	}
}

func TestCredentialsNeverLeaveInClear(t *testing.T) {
	f := setup(t)
	asUser, _ := f.svc.Get(ctx, f.user, f.mine.ID)
	// The user learns only that a fulltrack key exists (tracking is enabled).
	if asUser.Credentials != (customer.Credentials{FulltrackAccessKey: customer.Mask}) {
		t.Fatalf("user sees credentials %+v", asUser.Credentials)
	}
	asAdmin, _ := f.svc.Get(ctx, f.admin, f.mine.ID)
	if asAdmin.Credentials.APIPassword != customer.Mask || asAdmin.Credentials.GRPAPIPassword != customer.Mask {
		t.Fatalf("admin sees %+v", asAdmin.Credentials)
	}
	list, _, _ := f.svc.List(ctx, f.admin, customers.Query{})
	for _, c := range list {
		if c.Credentials.APIPassword != customer.Mask {
			t.Fatalf("list shows %q", c.Credentials.APIPassword)
		}
	}
	// Saving the masked form keeps the secrets; a user's save cannot touch them.
	asAdmin.Name = "Renamed"
	if _, err := f.svc.Update(ctx, f.admin, asAdmin); err != nil {
		t.Fatal(err)
	}
	asUser.Name = "By user"
	asUser.Credentials.APIPassword = "overwrite"
	if _, err := f.svc.Update(ctx, f.user, asUser); err != nil {
		t.Fatal(err)
	}
	stored, _ := f.svc.Store.Get(ctx, f.mine.ID)
	if stored.Credentials.APIPassword != "api-secret" || stored.Name != "By user" {
		t.Fatalf("stored = %+v", stored)
	}
}

func TestConsents(t *testing.T) {
	f := setup(t)
	// Full() comes with an accepted GTC, but Create never takes consents.
	if f.mine.GTC.Accepted {
		t.Fatal("create took a consent")
	}
	c, err := f.svc.SetConsent(ctx, f.user, f.mine.ID, customer.ConsentGTC, true)
	if err != nil || !c.GTC.Accepted || c.GTC.By != "user" || c.GTC.At.IsZero() {
		t.Fatalf("accept = %+v, %v", c.GTC, err)
	}
	if _, err := f.svc.SetConsent(ctx, f.user, f.mine.ID, customer.ConsentGTC, false); !failure.HasKey(err, customer.KeyConsentLocked) {
		t.Fatalf("user untick = %v", err)
	}
	c, err = f.svc.SetConsent(ctx, f.admin, f.mine.ID, customer.ConsentGTC, false)
	if err != nil || c.GTC.Accepted || c.GTC.By != "" {
		t.Fatalf("admin untick = %+v, %v", c.GTC, err)
	}
	c, err = f.svc.SetConsent(ctx, f.user, f.mine.ID, customer.ConsentCIPricing, true)
	if err != nil || !c.CIPricing.Accepted {
		t.Fatalf("ci pricing = %+v, %v", c.CIPricing, err)
	}
}

func TestSettings(t *testing.T) {
	f := setup(t)
	if lt, err := f.svc.SetPrinterSettings(ctx, f.user, f.mine.ID, "ZPL"); err != nil || lt != customer.LabelZebra {
		t.Fatalf("printer = %q, %v", lt, err)
	}
	if _, err := f.svc.SetPrinterSettings(ctx, f.user, f.mine.ID, "PNG"); err == nil {
		t.Fatal("PNG accepted")
	}
	a, err := f.svc.SetAutoManifest(ctx, f.user, f.mine.ID, customer.AutoManifest{Active: true, Time: "18:00", Days: []string{"FRIDAY", "MONDAY"}})
	if err != nil || a.Days[0] != "MONDAY" {
		t.Fatalf("schedule = %+v, %v", a, err)
	}
	if _, err := f.svc.SetAutoManifest(ctx, f.user, f.mine.ID, customer.AutoManifest{Active: true, Time: "18:00"}); err == nil {
		t.Fatal("active schedule without days saved")
	}
	a, err = f.svc.SetAutoManifest(ctx, f.user, f.mine.ID, customer.AutoManifest{Time: "18:00", Days: []string{"MONDAY"}})
	if err != nil || a.Active || a.Time != "" || len(a.Days) != 0 {
		t.Fatalf("inactive schedule = %+v, %v", a, err)
	}
}
