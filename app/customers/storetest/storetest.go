// Package storetest holds the contract test of the customer store, run
// against Postgres and the in-memory fake alike.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"parcelportal/app/customers"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

var ctx = context.Background()

// Full is a customer with every field set, secrets included.
func Full(hubID int64, crmid string) customer.Customer {
	c := customer.New(hubID)
	c.Name = "Contract " + crmid
	c.CRMID = crmid
	c.APIUsername = "api-" + crmid
	c.SenderTaxID = "GB123"
	c.TaxNumber = "BR456"
	c.Address = customer.Address{Street: "Hauptstr. 1", AdditionalAddress: "Hof", ZipCode: "10115", City: "Berlin", Region: "BE", CountryCode: "DE", Phone: "+49 30 1"}
	c.ShouldIncreaseReferenceNumber = true
	c.ManifestType = "STANDARD"
	c.ManifestingRules = []customer.ManifestingRule{{Destination: "NL", Product: "EPAQSTD", Service: "STD", AdditionalOptions: []string{"SIG"}, ManifestType: "EXPRESS", HubID: hubID}}
	c.LabelType = customer.LabelZebra
	c.Language = "de"
	c.APIClient = customer.ClientA1
	c.AcssID = 77
	c.IsCommercialInvoiceChargeable = true
	c.GTC = customer.Consent{Accepted: true, At: time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC), By: "anna"}
	c.AvailableFeatures = []customer.Feature{{Product: "EPAQPLS", Service: "STD", Options: []string{"INS", "SIG"}}, {Product: "EPAQSTD", Service: "ECO"}}
	c.SellerEORI = "DE999"
	c.EORICountryThresholds = []customer.EORIThreshold{{Destination: "CH", EORIThreshold: 150.5}}
	c.ManifestEmails = []string{"ops@example.org"}
	c.AutoManifest = customer.AutoManifest{Active: true, Time: "17:30", Days: []string{"MONDAY", "FRIDAY"}}
	c.FulltrackVersion = customer.FulltrackV3
	c.GRPEnabled = true
	c.TrackingUsername = "track-" + crmid
	c.Credentials = customer.Credentials{
		APIPassword: "api-secret", TrackingPassword: "track-secret", FulltrackAccessKey: "ak", FulltrackRefreshToken: "rt",
		FulltrackAPIKey: "fk", CognitoClientID: "cid", CognitoClientSecret: "csecret", A1APIKey: "a1k", A1Username: "a1u",
		A1Password: "a1p", A1ProcessingPoint: "PP1", ShippyProAPIKey: "spk", GRPAPIUsername: "gu", GRPAPIPassword: "gp",
	}
	return c
}

func same(t *testing.T, got, want customer.Customer) {
	t.Helper()
	got.HubName = ""
	want.HubName = ""
	g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want)
	if g != w {
		t.Fatalf("stored customer differs:\n got %s\nwant %s", g, w)
	}
}

// Contract checks the customer store. hubID names an existing hub, which
// the store also answers as its default hub.
func Contract(t *testing.T, store customers.Store, hubID int64) {
	if got, err := store.DefaultHubID(ctx); err != nil || got != hubID {
		t.Fatalf("DefaultHubID = %d, %v, want %d", got, err, hubID)
	}

	full := Full(hubID, "AT55500001")
	created, err := store.Create(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	if created.ID <= 0 || created.HubName == "" {
		t.Fatalf("created = %+v, want an id and the hub's name", created)
	}
	full.ID = created.ID
	same(t, created, full)

	t.Run("round trip of every field", func(t *testing.T) {
		got, err := store.Get(ctx, created.ID)
		if err != nil {
			t.Fatal(err)
		}
		same(t, got, full)
	})

	t.Run("unknown ids are not found", func(t *testing.T) {
		if _, err := store.Get(ctx, 987654321); !failure.HasKey(err, customer.KeyNotFound) {
			t.Fatalf("Get = %v", err)
		}
		if _, err := store.Update(ctx, 987654321, func(*customer.Customer) error { return nil }); !failure.HasKey(err, customer.KeyNotFound) {
			t.Fatalf("Update = %v", err)
		}
		if err := store.Delete(ctx, 987654321); !failure.HasKey(err, customer.KeyNotFound) {
			t.Fatalf("Delete = %v", err)
		}
	})

	t.Run("crmid is unique", func(t *testing.T) {
		dup := Full(hubID, "AT55500001")
		if _, err := store.Create(ctx, dup); !failure.HasKey(err, customer.KeyCRMIDTaken) {
			t.Fatalf("duplicate crmid = %v", err)
		}
	})

	t.Run("update stores what change leaves, or nothing", func(t *testing.T) {
		updated, err := store.Update(ctx, created.ID, func(c *customer.Customer) error {
			c.Name = "Renamed"
			c.Credentials.APIPassword = "new-secret"
			c.AvailableFeatures = nil
			c.AutoManifest = customer.AutoManifest{}
			return nil
		})
		if err != nil || updated.Name != "Renamed" || updated.Credentials.APIPassword != "new-secret" || len(updated.AvailableFeatures) != 0 || updated.AutoManifest.Active {
			t.Fatalf("Update = %+v, %v", updated, err)
		}
		boom := errors.New("boom")
		if _, err := store.Update(ctx, created.ID, func(c *customer.Customer) error { c.Name = "Lost"; return boom }); !errors.Is(err, boom) {
			t.Fatalf("aborted update = %v", err)
		}
		got, _ := store.Get(ctx, created.ID)
		if got.Name != "Renamed" || got.Credentials.APIPassword != "new-secret" || got.Credentials.GRPAPIPassword != "gp" {
			t.Fatalf("after aborted update = %+v", got)
		}
	})

	t.Run("list pages, sorts, filters and scopes", func(t *testing.T) {
		names := []string{"Zeta Post", "alpha Versand", "Mitte Logistik"}
		var ids []int64
		for i, n := range names {
			c := Full(hubID, fmt.Sprintf("NL6660000%d", i))
			c.Name = n
			saved, err := store.Create(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, saved.ID)
		}
		scope := append(slices.Clone(ids), created.ID)
		list, total, err := store.List(ctx, customers.Query{Size: 10, Sort: "name", Scope: scope})
		if err != nil || total != 4 || len(list) != 4 {
			t.Fatalf("List = %d rows of %d, %v", len(list), total, err)
		}
		var got []string
		for _, c := range list {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, []string{"alpha Versand", "Mitte Logistik", "Renamed", "Zeta Post"}) {
			t.Fatalf("name order = %v, want case-insensitive ascending", got)
		}
		page, total, _ := store.List(ctx, customers.Query{Page: 1, Size: 3, Sort: "name", Descending: true, Scope: scope})
		if total != 4 || len(page) != 1 || page[0].Name != "alpha Versand" {
			t.Fatalf("second page descending = %+v of %d", page, total)
		}
		byName, total, _ := store.List(ctx, customers.Query{Size: 10, Name: "LOGIST", Scope: scope})
		if total != 1 || byName[0].ID != ids[2] {
			t.Fatalf("name contains = %+v of %d", byName, total)
		}
		byCRM, total, _ := store.List(ctx, customers.Query{Size: 10, CRMID: "nl666", Sort: "crmid", Scope: scope})
		if total != 3 || byCRM[0].CRMID != "NL66600000" {
			t.Fatalf("crmid contains = %+v of %d", byCRM, total)
		}
		only, total, _ := store.List(ctx, customers.Query{Size: 10, Scope: []int64{ids[1]}})
		if total != 1 || only[0].ID != ids[1] {
			t.Fatalf("scoped = %+v of %d", only, total)
		}
		if none, total, _ := store.List(ctx, customers.Query{Size: 10, Scope: []int64{}}); total != 0 || len(none) != 0 {
			t.Fatalf("empty scope = %+v of %d", none, total)
		}
		all, total, _ := store.List(ctx, customers.Query{Size: 10000})
		if total < 4 || len(all) != total {
			t.Fatalf("page 0 size 10000 = %d of %d", len(all), total)
		}
	})

	t.Run("delete", func(t *testing.T) {
		if err := store.Delete(ctx, created.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Get(ctx, created.ID); !failure.HasKey(err, customer.KeyNotFound) {
			t.Fatalf("deleted customer = %v", err)
		}
	})
}
