package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/printer"
)

// zebraAt is a fake raw-TCP Zebra on addr: it answers ~HS as a Zebra does
// and records every job it gets after that.
func zebraAt(t *testing.T, addr string) (string, <-chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	jobs := make(chan string, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			r := bufio.NewReader(c)
			if q, _ := r.ReadString('\n'); q == printer.HostStatusQuery {
				_, _ = c.Write([]byte("\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n"))
			}
			b, _ := io.ReadAll(r)
			c.Close()
			jobs <- string(b)
		}
	}()
	return ln.Addr().String(), jobs
}

// zplBatch stores a sent batch of the customer whose shipments carry the
// given ZPL labels, as the batch job leaves them.
func zplBatch(t *testing.T, db demoDatabase, customerID int64, labels ...string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := db.pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, sent_at, sent_by, label_type)
		VALUES ($1, 'zpl.csv', 'x', 'SENT', 'tester', now(), 'tester', 'Zebra') RETURNING id`, customerID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	for i, label := range labels {
		if _, err := db.pool.Exec(ctx, `WITH v AS (INSERT INTO validated_shipment (batch_id, customer_id, position, fields, valid, label_type)
				VALUES ($1, $2, $3, '{}', true, 'Zebra') RETURNING id)
			INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success, identifier, label, label_content_type, label_type)
			SELECT $1, v.id, $2, $3, 'b' || $1 || '-r' || $3 || '-a1', 'DONE', true, 'LZ' || $1 || '-' || $3, $4, 'text/plain', 'Zebra' FROM v`,
			id, customerID, i+1, []byte(label)); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// TestAPrinterIsNoDoorToThePortalsServices plays the attack of issue 22 on
// the whole API as main wires it: an operations login puts a printer on
// Kratos' admin API (and Redis, and the database) and is refused, even
// with the whole loopback network allowed; a print job that carries its own
// bytes is refused. A printer on the printer network receives exactly the
// stored ZPL of the labels the user named, another customer's labels are
// not found, and creation and printing are in the audit log.
func TestAPrinterIsNoDoorToThePortalsServices(t *testing.T) {
	db := newDemoDatabase(t)
	bakery, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)
	kratosAdmin := os.Getenv("KRATOS_ADMIN_URL")
	if kratosAdmin == "" {
		kratosAdmin = "http://127.0.0.1:4434"
	}
	networks, _ := printer.ParseNetworks("127.0.0.0/8")
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), JobQueue: "printers-" + randomHex(t), Captcha: "off",
		KratosAdminURL: kratosAdmin, DatabaseURL: os.Getenv("TEST_DATABASE_URL"), PrinterTimeout: 2 * time.Second,
		PrinterNetworks: networks, PrinterHostStatus: true}
	srv := wiredPortal(t, cfg, db, io.Discard)
	call := func(bearer, method, path, body string) (int, string) {
		rsp, b := rpctest.Call(t, srv.Client(), method, srv.URL+path, bearer, body)
		return rsp.StatusCode, string(b)
	}
	operations, bakeryUser := "ROLE_OPERATIONS", fmt.Sprintf("ROLE_USER:%d", bakery)
	printers := fmt.Sprintf("/web/api/customers/%d/network-printers", bakery)

	for _, service := range []string{hostPortOf(kratosAdmin), cfg.RedisAddr, hostPortOf(cfg.DatabaseURL)} {
		host, port, _ := net.SplitHostPort(service)
		code, body := call(operations, "POST", printers, fmt.Sprintf(`{"name":"Door","host":%q,"port":%s}`, host, port))
		if code != http.StatusBadRequest || !strings.Contains(body, printer.KeyAddressRefused) {
			t.Errorf("a printer on %s = %d %s", service, code, body)
		}
	}
	if code, body := call(operations, "GET", printers, ""); code != 200 || strings.Contains(body, "Door") {
		t.Fatalf("printers after the refusals = %d %s", code, body)
	}

	addr, jobs := zebraAt(t, "127.0.0.2:0")
	host, port, _ := net.SplitHostPort(addr)
	code, body := call(operations, "POST", printers, fmt.Sprintf(`{"name":"Desk","host":%q,"port":%s}`, host, port))
	var created struct{ ID string }
	if code != 200 || json.Unmarshal([]byte(body), &created) != nil || created.ID == "" {
		t.Fatalf("a printer on the printer network = %d %s", code, body)
	}
	print := printers + "/" + created.ID + "/print"

	// The attack's own bytes: no call takes printer data.
	attack := `{"zpl":"POST /admin/identities HTTP/1.1\r\nHost: x\r\n\r\n{\"metadata_admin\":{\"roles\":[\"ROLE_SUPERADMIN\"]}} ^XA^XZ"}`
	if code, body := call(bakeryUser, "POST", print, attack); code != http.StatusBadRequest {
		t.Fatalf("a job with its own bytes = %d %s", code, body)
	}

	mine := zplBatch(t, db, bakery, "^XA^FDone^FS^XZ\n", "^XA^FDtwo^FS^XZ\n")
	theirs := zplBatch(t, db, garden, "^XA^FDgarden^FS^XZ\n")
	if code, body := call(bakeryUser, "POST", print, fmt.Sprintf(`{"batchId":"%d"}`, theirs)); code != http.StatusNotFound {
		t.Fatalf("another customer's labels = %d %s", code, body)
	}
	select {
	case got := <-jobs:
		t.Fatalf("a refused call reached the printer: %q", got)
	case <-time.After(200 * time.Millisecond):
	}
	if code, body := call(bakeryUser, "POST", print, fmt.Sprintf(`{"batchId":"%d"}`, mine)); code != 200 || !strings.Contains(body, `"labels":2`) {
		t.Fatalf("the bakery's user prints its batch = %d %s", code, body)
	}
	select {
	case got := <-jobs:
		if got != "^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n" {
			t.Fatalf("printer received %q, not the stored labels", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the printer received nothing")
	}

	var createdEvents, printEvents int
	_ = db.pool.QueryRow(t.Context(), `SELECT count(*) FILTER (WHERE event_type = 'NETWORK_PRINTER_CREATED'),
		count(*) FILTER (WHERE event_type = 'NETWORK_PRINT_JOB' AND data->>'labels' = '2' AND data->>'batchId' = $1
			AND data->>'outcome' = 'ok' AND principal <> '')
		FROM audit_event`, fmt.Sprint(mine)).Scan(&createdEvents, &printEvents)
	if createdEvents != 1 || printEvents != 1 {
		t.Fatalf("audit: %d printers created, %d jobs of 2 labels", createdEvents, printEvents)
	}
}

// TestNetworkPrintingReachesOnlyPrintersStaffConfigured: staff add a printer
// for the bakery, the bakery's user prints to it; the garden's user, a user
// naming another customer's printer, and a user trying to add a printer of
// their own are refused and nothing is sent; a printer that is gone answers
// the translated connection failure.
func TestNetworkPrintingReachesOnlyPrintersStaffConfigured(t *testing.T) {
	db := newDemoDatabase(t)
	bakery, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)
	networks, _ := printer.ParseNetworks("127.0.0.2")
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), JobQueue: "printers-" + randomHex(t), Captcha: "off",
		PrinterTimeout: 2 * time.Second, PrinterNetworks: networks, PrinterHostStatus: true}
	srv := wiredPortal(t, cfg, db, io.Discard)
	call := func(bearer, method, path, body string) (int, string) {
		rsp, b := rpctest.Call(t, srv.Client(), method, srv.URL+path, bearer, body)
		return rsp.StatusCode, string(b)
	}
	addr, jobs := zebraAt(t, "127.0.0.2:0")
	host, port, _ := net.SplitHostPort(addr)
	admin, bakeryUser, gardenUser := "ROLE_ADMIN", fmt.Sprintf("ROLE_USER:%d", bakery), fmt.Sprintf("ROLE_USER:%d", garden)
	printers := fmt.Sprintf("/web/api/customers/%d/network-printers", bakery)

	code, body := call(admin, "POST", printers, fmt.Sprintf(`{"name":"Desk","host":%q,"port":%s,"dpi":300}`, host, port))
	var created struct {
		ID        string `json:"id"`
		LabelType string `json:"labelType"`
	}
	if code != 200 || json.Unmarshal([]byte(body), &created) != nil || created.ID == "" || created.LabelType != "Zebra300" {
		t.Fatalf("staff add a printer = %d %s", code, body)
	}
	if code, body := call(bakeryUser, "GET", printers, ""); code != 200 || !strings.Contains(body, `"Desk"`) {
		t.Fatalf("the bakery's user lists = %d %s", code, body)
	}
	batch := zplBatch(t, db, bakery, "^XA^FDone^FS^XZ\n")
	job := fmt.Sprintf(`{"batchId":"%d"}`, batch)
	if code, body := call(bakeryUser, "POST", printers+"/"+created.ID+"/print", job); code != 200 || !strings.Contains(body, `"labels":1`) {
		t.Fatalf("the bakery's user prints = %d %s", code, body)
	}
	select {
	case got := <-jobs:
		if got != "^XA^FDone^FS^XZ\n" {
			t.Fatalf("printer received %q", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the printer received nothing")
	}

	ids := make([]string, printer.MaxSelected+1)
	for i := range ids {
		ids[i] = fmt.Sprintf(`"%d"`, i+1)
	}
	manyShipments := `{"shipments":{"ids":[` + strings.Join(ids, ",") + `]}}`
	refused := []struct {
		name, bearer, method, path, body string
		status                           int
	}{
		{"another customer's user prints", gardenUser, "POST", printers + "/" + created.ID + "/print", job, 404},
		{"under their own customer", gardenUser, "POST", fmt.Sprintf("/web/api/customers/%d/network-printers/%s/print", garden, created.ID), job, 404},
		{"another customer's user lists", gardenUser, "GET", printers, "", 404},
		{"a user adds an address of their own", bakeryUser, "POST", printers, `{"name":"Mine","host":"127.0.0.2","port":22}`, 403},
		{"a user moves the printer", bakeryUser, "PUT", printers + "/" + created.ID, `{"name":"Desk","host":"127.0.0.2","port":22}`, 403},
		{"a tracking login prints", fmt.Sprintf("ROLE_TRACKING:%d", bakery), "POST", printers + "/" + created.ID + "/print", job, 403},
		{"no labels named", bakeryUser, "POST", printers + "/" + created.ID + "/print", `{}`, 400},
		{"ZPL of its own", bakeryUser, "POST", printers + "/" + created.ID + "/print", `{"zpl":"^XA^XZ"}`, 400},
		{"no login", "", "POST", printers + "/" + created.ID + "/print", job, 401},
		{"more than 2000 shipments", bakeryUser, "POST", printers + "/" + created.ID + "/print", manyShipments, 400},
		{"a batch id that is no number", bakeryUser, "POST", printers + "/" + created.ID + "/print", `{"batchId":"x"}`, 400},
		{"two sources at once", bakeryUser, "POST", printers + "/" + created.ID + "/print", `{"batchId":"1","parcels":{"ids":["2"]}}`, 400},
	}
	for _, r := range refused {
		if code, body := call(r.bearer, r.method, r.path, r.body); code != r.status {
			t.Errorf("%s = %d %s, want %d", r.name, code, body, r.status)
		}
	}
	select {
	case got := <-jobs:
		t.Fatalf("a refused call reached the printer: %q", got)
	case <-time.After(200 * time.Millisecond):
	}

	// A printer that is gone answers the translated connection failure.
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := ln.Addr().String()
	ln.Close()
	ghost, gport, _ := net.SplitHostPort(gone)
	_, body = call(admin, "POST", printers, fmt.Sprintf(`{"name":"Ghost","host":%q,"port":%s}`, ghost, gport))
	var g struct{ ID string }
	_ = json.Unmarshal([]byte(body), &g)
	if code, body := call(bakeryUser, "POST", printers+"/"+g.ID+"/print", job); code != 503 || !strings.Contains(body, `"message":"`+printer.KeyConnectionFailed+`"`) {
		t.Fatalf("printing to an unreachable printer = %d %s", code, body)
	}
}
