package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/pdf"
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
	req, _ := http.NewRequest(method, p.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+p.bearer)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rsp, err := p.srv.Client().Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer rsp.Body.Close()
	b, _ := io.ReadAll(rsp.Body)
	return rsp, b
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
