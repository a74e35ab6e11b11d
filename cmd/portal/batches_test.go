package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// bearers reads bearers of the form ROLE:customerID.
type bearers struct{}

func (bearers) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	role, id, _ := strings.Cut(token, ":")
	cid, _ := strconv.ParseInt(id, 10, 64)
	return identity.CallerState{Caller: &access.Caller{Login: "e2e", Roles: []access.Role{access.Role(role)}, CustomerID: cid}}, nil
}

type portal struct {
	t      *testing.T
	srv    *httptest.Server
	bearer string
}

func (p portal) call(method, path, body string) (*http.Response, []byte) {
	p.t.Helper()
	rsp, b := p.raw(method, path, body)
	if rsp.StatusCode != http.StatusOK {
		p.t.Fatalf("%s %s = %d %s", method, path, rsp.StatusCode, b)
	}
	return rsp, b
}

// raw makes a call and answers the response and its body, whatever the status.
func (p portal) raw(method, path, body string) (*http.Response, []byte) {
	p.t.Helper()
	return rpctest.Call(p.t, p.srv.Client(), method, p.srv.URL+path, p.bearer, body)
}

func (p portal) batch(id string) map[string]any {
	p.t.Helper()
	_, b := p.call("GET", "/web/api/batches/"+id, "")
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		p.t.Fatal(err)
	}
	return got
}

// settle polls the batch page's way until the batch leaves its job's status.
func (p portal) settle(id, want string) map[string]any {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		b := p.batch(id)
		if b["status"] == want {
			return b
		}
		if time.Now().After(deadline) || strings.HasPrefix(b["status"].(string), "ERROR") {
			p.t.Fatalf("batch %s is %v (%v of %v), want %s: %v", id, b["status"], b["processedShipments"], b["totalShipments"], want, b["errorMessage"])
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBatchShipsThroughTheEmbeddedCarrier wires the portal as main does
// (batch service, asynq queue and worker, the carrier simulator inside the
// process) over the real PostgreSQL and Redis, and ships demo batches with
// PDF and ZPL labels through the spec's REST paths: upload, send, labels,
// customs documents, manifest.
func TestBatchShipsThroughTheEmbeddedCarrier(t *testing.T) {
	redisAddr := redisOf(t)
	db := newDemoDatabase(t)
	bakery := db.customer(t, demo.BakeryCRMID)

	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisAddr, CarrierConcurrency: 8}
	side := carrierOf(cfg)
	srv := db.shippingPortal(t, side.client, cfg.CarrierConcurrency)
	user := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(bakery, 10)}
	admin := portal{t: t, srv: srv, bearer: "ROLE_ADMIN:0"}

	const rows = 20
	// batchcsvtest rows go to DE, AT, CH, US and NL in turn; CH and US need customs documents.
	customsRows := 0
	for i := 1; i <= rows; i++ {
		if i%5 == 2 || i%5 == 3 {
			customsRows++
		}
	}
	upload := func(name string) string {
		body := fmt.Sprintf(`{"csv":%q,"csvFileName":%q,"customer":{"id":%d}}`, base64.StdEncoding.EncodeToString(batchcsvtest.Generate(rows)), name, bakery)
		_, b := user.call("POST", "/web/api/batches", body)
		var created map[string]any
		if err := json.Unmarshal(b, &created); err != nil || created["valid"] != true {
			t.Fatalf("upload = %s", b)
		}
		return fmt.Sprint(created["id"])
	}

	pdfBatch := upload("pdf.csv")
	user.call("POST", "/web/api/batches/"+pdfBatch+"/_send", `{"labelType":"PDF"}`)
	sent := user.settle(pdfBatch, "SENT")
	if sent["processedShipments"] != float64(rows) || sent["hasLabels"] != true || sent["errorShipments"] != float64(0) {
		t.Fatalf("sent batch = %v", sent)
	}
	rsp, labels := user.call("GET", "/web/api/batches/"+pdfBatch+"/labels?cacheBuster=1", "")
	if pages, err := pdf.PageSizes(labels); err != nil || len(pages) != rows || rsp.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("labels: %d pages, %v, %q", len(pages), err, rsp.Header.Get("Content-Type"))
	}
	_, customs := user.call("GET", "/web/api/batches/"+pdfBatch+"/customsDocs", "")
	if pages, err := pdf.PageSizes(customs); err != nil || len(pages) != customsRows {
		t.Errorf("customs documents: %d pages (want %d), %v", len(pages), customsRows, err)
	}
	_, list := user.call("GET", "/web/api/batches/"+pdfBatch+"/shipments?page=0&pageSize=500&filter=ALL", "")
	var shipments []map[string]any
	_ = json.Unmarshal(list, &shipments)
	if len(shipments) != rows || shipments[0]["identifier"] == "" || shipments[0]["success"] != true || shipments[0]["deleteable"] != true {
		t.Fatalf("shipments = %.400s", list)
	}

	user.call("POST", "/web/api/batches/"+pdfBatch+"/_create_manifest", "")
	manifested := user.settle(pdfBatch, "MANIFEST_CREATED")
	if manifested["hasManifest"] != true || manifested["actions"].(map[string]any)["manifestDownload"] != true {
		t.Fatalf("manifested batch = %v", manifested)
	}
	rsp, manifest := user.call("GET", "/web/api/batches/"+pdfBatch+"/manifest", "")
	if _, err := pdf.PageSizes(manifest); err != nil ||
		!regexp.MustCompile(`^attachment; filename=manifest-`+pdfBatch+`-\d{8}-\d{6}\.pdf$`).MatchString(rsp.Header.Get("Content-Disposition")) {
		t.Errorf("manifest: %v, %q", err, rsp.Header.Get("Content-Disposition"))
	}
	_, traffic := admin.call("GET", "/web/api/batches/"+pdfBatch+"/traffic?kind=request", "")
	if strings.Count(string(traffic), "AddAndPrint") < rows || !strings.Contains(string(traffic), "Manifest") {
		t.Errorf("request traffic lacks the calls: %.300s", traffic)
	}

	zplBatch := upload("zpl.csv")
	user.call("POST", "/web/api/batches/"+zplBatch+"/_send", `{"labelType":"ZPL"}`)
	if b := user.settle(zplBatch, "SENT"); b["labelType"] != "Zebra" {
		t.Errorf("label type shown = %v", b["labelType"])
	}
	rsp, zpl := user.call("GET", "/web/api/batches/"+zplBatch+"/labels", "")
	if !strings.HasPrefix(rsp.Header.Get("Content-Type"), "text/plain") || strings.Count(string(zpl), "^XA") != rows {
		t.Errorf("ZPL labels: %q, %d labels", rsp.Header.Get("Content-Type"), strings.Count(string(zpl), "^XA"))
	}
}

// TestDeletingASentBatchCancelsItsLabels wires the portal as main does,
// against a carrier simulator the test can count: a sent batch deleted
// through DELETE web/api/batches/{id} goes DELETING, the worker cancels
// every live label at the carrier (the simulator's cancels grow by exactly
// their number, not by the one cancelled before) and the batch ends
// DELETED with its traffic. The row the carrier refused shows a message
// key with the refused field and value instead of the carrier's English.
func TestDeletingASentBatchCancelsItsLabels(t *testing.T) {
	db := newDemoDatabase(t)
	bakery := db.customer(t, demo.BakeryCRMID)
	sim := simulator.New()
	simSrv := httptest.NewServer(sim)
	t.Cleanup(simSrv.Close)

	srv := db.shippingPortal(t, carrier.New(simSrv.URL+"/shipping"), 4)
	user := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(bakery, 10)}
	admin := portal{t: t, srv: srv, bearer: "ROLE_ADMIN:0"}

	// Six rows; the carrier refuses the first one's city (a default fault of the simulator).
	const rows = 6
	body := fmt.Sprintf(`{"csv":%q,"csvFileName":"delete.csv","customer":{"id":%d}}`,
		base64.StdEncoding.EncodeToString(withCity(t, batchcsvtest.Generate(rows), 1, "Nowhere")), bakery)
	_, b := user.call("POST", "/web/api/batches", body)
	var created map[string]any
	if err := json.Unmarshal(b, &created); err != nil || created["valid"] != true {
		t.Fatalf("upload = %s", b)
	}
	id := fmt.Sprint(created["id"])
	user.call("POST", "/web/api/batches/"+id+"/_send", `{"labelType":"PDF"}`)
	user.settle(id, "SENT")

	shipments := func() []map[string]any {
		_, list := user.call("GET", "/web/api/batches/"+id+"/shipments?page=0&pageSize=50&filter=ALL", "")
		var out []map[string]any
		if err := json.Unmarshal(list, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	list := shipments()
	refused := list[0]
	if refused["success"] != false || refused["errorMessage"] != "error.carrier.fault.invalidField" ||
		fmt.Sprint(refused["errorParams"]) != "map[field:city value:Nowhere]" {
		t.Errorf("refused shipment = %v", refused)
	}

	// One label is cancelled on its own first: the delete leaves it alone.
	user.call("POST", fmt.Sprintf("/web/api/batches/%s/shipments/%v/_cancel", id, list[1]["id"]), "")
	deadline := time.Now().Add(30 * time.Second)
	for shipments()[1]["cancelled"] != true {
		if time.Now().After(deadline) {
			t.Fatal("the single cancel did not happen")
		}
		time.Sleep(100 * time.Millisecond)
	}
	live := rows - 2
	before := sim.Totals().Cancels

	_, b = user.call("DELETE", "/web/api/batches/"+id, "")
	var answer struct {
		Batch map[string]any `json:"batch"`
	}
	if err := json.Unmarshal(b, &answer); err != nil || answer.Batch["status"] != "DELETING" {
		t.Fatalf("DELETE = %s", b)
	}
	deleted := waitFor(t, user, id, "DELETED")
	if got := sim.Totals().Cancels - before; got != live {
		t.Errorf("the carrier cancelled %d labels for the delete, want the %d live ones", got, live)
	}
	actions := deleted["actions"].(map[string]any)
	if deleted["hasLabels"] != false || actions["labelDownloads"] == true || actions["generateManifest"] == true || actions["delete"] != true {
		t.Errorf("deleted batch = %v", deleted)
	}
	for _, s := range shipments() {
		if s["success"] == true && s["cancelled"] != true {
			t.Errorf("shipment %v keeps a live label", s["position"])
		}
	}
	_, traffic := admin.call("GET", "/web/api/batches/"+id+"/traffic?kind=request", "")
	if n := strings.Count(string(traffic), `operation="cancel"`); n != live+1 {
		t.Errorf("%d cancel exchanges in the traffic, want %d", n, live+1)
	}
	// Deleting it again removes it: there is nothing left at the carrier.
	user.call("DELETE", "/web/api/batches/"+id, "")
	if got := sim.Totals().Cancels - before; got != live {
		t.Errorf("removing the DELETED batch called the carrier: %d cancels", got)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/web/api/batches/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+user.bearer)
	if rsp, err := srv.Client().Do(req); err != nil || rsp.StatusCode != http.StatusNotFound {
		t.Errorf("GET of the removed batch = %v, %v", rsp, err)
	}
}

// redisOf is the stack's Redis.

// waitFor polls the batch until it is in status want.
func waitFor(t *testing.T, p portal, id, want string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		b := p.batch(id)
		if b["status"] == want {
			return b
		}
		if time.Now().After(deadline) {
			t.Fatalf("batch %s is %v (%v of %v), want %s: %v", id, b["status"], b["processedShipments"], b["totalShipments"], want, b["errorMessage"])
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// withCity sets the city of one row (from 1) of a generated file.
func withCity(t *testing.T, file []byte, row int, city string) []byte {
	t.Helper()
	return batchcsvtest.Edit(t, file, func(r int, column string) (string, bool) { return city, r == row && column == "city" })
}
