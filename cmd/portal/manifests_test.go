package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/customer"
)

// TestManifestOfSelectedParcels: parcels labelled at the embedded carrier
// are manifested through POST web/api/manifests, one 'Single Parcels' batch
// per hub, manifest type and carrier of the customer's rules and the
// default routing options, each manifested by the
// batch job and downloaded as a batch's manifest; the refusals answer their
// keys and change nothing.
func TestManifestOfSelectedParcels(t *testing.T) {
	db := newDemoDatabase(t)
	ctx := context.Background()
	bakery := db.customer(t, demo.BakeryCRMID)
	garden := db.customer(t, demo.GardenCRMID)
	var hamburg int64
	if err := db.pool.QueryRow(ctx, `SELECT id FROM hub WHERE name = 'Hamburg Hub'`).Scan(&hamburg); err != nil {
		t.Fatal(err)
	}
	if _, err := (postgres.Customers{Pool: db.pool, Sealer: db.box}).Update(ctx, bakery, func(c *customer.Customer) error {
		c.ManifestingRules = []customer.ManifestingRule{{Destination: "NL", ManifestType: "MANIFEST_MB_PLUS", HubID: hamburg}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), CarrierConcurrency: 4}
	srv := db.shippingPortal(t, carrierOf(cfg).client, cfg.CarrierConcurrency)
	user := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(bakery, 10)}
	gardener := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(garden, 10)}

	// Five labelled shipments (to DE, AT, CH, US and NL), made parcels as
	// the parcel calls leave them: rows and shipments without a batch.
	body := fmt.Sprintf(`{"csv":%q,"csvFileName":"p.csv","customer":{"id":%d}}`, base64.StdEncoding.EncodeToString(batchcsvtest.Generate(5)), bakery)
	_, b := user.call("POST", "/web/api/batches", body)
	var created map[string]any
	_ = json.Unmarshal(b, &created)
	source := fmt.Sprint(created["id"])
	user.call("POST", "/web/api/batches/"+source+"/_send", `{"labelType":"PDF"}`)
	user.settle(source, "SENT")
	for _, q := range []string{
		`UPDATE validated_shipment SET batch_id = NULL, source = 'INDIVIDUAL_PARCEL' WHERE batch_id = $1`,
		`UPDATE shipment SET batch_id = NULL WHERE batch_id = $1`,
		`UPDATE batch SET status = 'DELETED' WHERE id = $1`,
	} {
		if _, err := db.pool.Exec(ctx, q, source); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.pool.Query(ctx, `SELECT id FROM validated_shipment WHERE customer_id = $1 AND source = 'INDIVIDUAL_PARCEL' ORDER BY id`, bakery)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
		ids = append(ids, strconv.FormatInt(id, 10))
	}
	rows.Close()
	selection := `{"parcelIds":["` + strings.Join(ids, `","`) + `"]}`

	refusals := []struct {
		name   string
		who    portal
		body   string
		status int
		key    string
	}{
		{"nothing selected", user, `{"parcelIds":[]}`, http.StatusBadRequest, "error.manifest.nothingSelected"},
		{"another customer's parcels", gardener, selection, http.StatusNotFound, "error.manifest.parcelNotFound"},
		{"an unknown parcel", user, `{"parcelIds":["` + ids[0] + `","999999999"]}`, http.StatusNotFound, "error.manifest.parcelNotFound"},
		{"a tracking-only login", portal{t: t, srv: srv, bearer: "ROLE_TRACKING:" + strconv.FormatInt(bakery, 10)}, selection, http.StatusForbidden, "error.forbidden"},
	}
	for _, r := range refusals {
		rsp, got := r.who.raw("POST", "/web/api/manifests", r.body)
		if rsp.StatusCode != r.status || !strings.Contains(string(got), r.key) {
			t.Errorf("%s: %d %s, want %d %s", r.name, rsp.StatusCode, got, r.status, r.key)
		}
	}
	var gathered int
	_ = db.pool.QueryRow(ctx, `SELECT count(*) FROM batch WHERE csv_file_name = 'Single Parcels'`).Scan(&gathered)
	if gathered != 0 {
		t.Fatal("a refused call must make nothing")
	}

	// DE and US have no default routing option and go to the default type;
	// AT and CH fall back to their seeded defaults (migration 00027), one
	// manifest per carrier; NL follows the bakery's own rule to Hamburg,
	// with the destination's carrier.
	_, b = user.call("POST", "/web/api/manifests", selection)
	var made struct {
		BatchIDs []string `json:"batchIds"`
	}
	if err := json.Unmarshal(b, &made); err != nil || len(made.BatchIDs) != 4 {
		t.Fatalf("made %s: want the Frankfurt manifests of AT, CH and DE+US, and Hamburg's of NL", b)
	}
	for _, id := range made.BatchIDs {
		got := user.settle(id, "MANIFEST_CREATED")
		if got["csvFileName"] != "Single Parcels" {
			t.Fatalf("manifest batch %s = %v", id, got)
		}
		rsp, doc := user.call("GET", "/web/api/batches/"+id+"/manifest", "")
		if pages, err := pdf.PageSizes(doc); err != nil || len(pages) == 0 || rsp.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("manifest of %s: %v", id, err)
		}
	}
	var kinds []string
	rows, _ = db.pool.Query(ctx, `SELECT hub_id = $1, manifest_type, manifest_carrier, total_shipments FROM batch
		WHERE csv_file_name = 'Single Parcels' ORDER BY id`, hamburg)
	for rows.Next() {
		var (
			inHamburg     bool
			kind, carrier string
			total         int
		)
		_ = rows.Scan(&inHamburg, &kind, &carrier, &total)
		kinds = append(kinds, fmt.Sprintf("%v %s %s %d", inHamburg, kind, carrier, total))
	}
	rows.Close()
	want := []string{
		"false MANIFEST_CARRIER_DIRECT Swiss Post 1",
		"false MANIFEST_CARRIER_DIRECT Österreichische Post 1",
		"false MANIFEST_TO_CARIER  2",
		"true MANIFEST_MB_PLUS PostNL 1",
	}
	if strings.Join(kinds, "\n") != strings.Join(want, "\n") {
		t.Fatalf("manifests (Hamburg? type carrier total):\n%s\nwant\n%s", strings.Join(kinds, "\n"), strings.Join(want, "\n"))
	}

	// The same selection again: manifested already (a conflict, which the
	// portal answers as a failed precondition, 400), over REST and Connect.
	rsp, got := user.raw("POST", "/web/api/manifests", selection)
	if rsp.StatusCode != http.StatusBadRequest || !strings.Contains(string(got), "error.manifest.alreadyManifested") {
		t.Fatalf("second call: %d %s", rsp.StatusCode, got)
	}
	rsp, got = user.raw("POST", "/portal.v1.ManifestService/CreateManifest", selection)
	if rsp.StatusCode == http.StatusOK || !strings.Contains(string(got), "error.manifest.alreadyManifested") {
		t.Fatalf("second call over Connect: %d %s", rsp.StatusCode, got)
	}
	_ = db.pool.QueryRow(ctx, `SELECT count(*) FROM batch WHERE csv_file_name = 'Single Parcels'`).Scan(&gathered)
	if gathered != 4 {
		t.Fatalf("%d manifest batches, want 4", gathered)
	}
}
