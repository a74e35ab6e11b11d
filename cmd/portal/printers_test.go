package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/rpc"
	"parcelportal/app/demo"
	"parcelportal/core/printer"
)

// listener is a fake raw-TCP printer recording every job it gets.
func listener(t *testing.T) (string, <-chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
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
			b, _ := io.ReadAll(c)
			c.Close()
			jobs <- string(b)
		}
	}()
	return ln.Addr().String(), jobs
}

// TestNetworkPrintingReachesOnlyPrintersStaffConfigured wires the printer
// use cases as main does over the real PostgreSQL and calls them over REST:
// staff add a printer for the bakery, the bakery's user prints to it and
// the fake printer receives the labels; the garden's user, a user naming
// another customer's printer, and a user trying to add a printer of their
// own (an address of their choosing) are refused and nothing is sent.
func TestNetworkPrintingReachesOnlyPrintersStaffConfigured(t *testing.T) {
	db := newDemoDatabase(t)
	bakery, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)
	api, err := rpc.NewAPI(rpc.Handlers{Printers: rpc.PrinterHandler{Printers: printersOf(config{PrinterTimeout: 2 * time.Second}, db.pool)}, Callers: bearers{}}, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	call := func(bearer, method, path, body string) (int, string, string) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+bearer)
		req.Header.Set("Content-Type", "application/json")
		rsp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer rsp.Body.Close()
		b, _ := io.ReadAll(rsp.Body)
		return rsp.StatusCode, rsp.Header.Get("app-error"), string(b)
	}
	addr, jobs := listener(t)
	host, port, _ := net.SplitHostPort(addr)
	admin, bakeryUser, gardenUser := "ROLE_ADMIN", fmt.Sprintf("ROLE_USER:%d", bakery), fmt.Sprintf("ROLE_USER:%d", garden)
	printers := fmt.Sprintf("/web/api/customers/%d/network-printers", bakery)

	code, _, body := call(admin, "POST", printers, fmt.Sprintf(`{"name":"Desk","host":%q,"port":%s,"dpi":300}`, host, port))
	var created struct {
		ID        string `json:"id"`
		LabelType string `json:"labelType"`
	}
	if code != 200 || json.Unmarshal([]byte(body), &created) != nil || created.ID == "" || created.LabelType != "Zebra300" {
		t.Fatalf("staff add a printer = %d %s", code, body)
	}
	if code, _, body := call(bakeryUser, "GET", printers, ""); code != 200 || !strings.Contains(body, `"Desk"`) {
		t.Fatalf("the bakery's user lists = %d %s", code, body)
	}

	job := `{"zpl":"^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n"}`
	if code, _, body := call(bakeryUser, "POST", printers+"/"+created.ID+"/print", job); code != 200 || !strings.Contains(body, `"labels":2`) {
		t.Fatalf("the bakery's user prints = %d %s", code, body)
	}
	select {
	case got := <-jobs:
		if got != "^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n" {
			t.Fatalf("printer received %q", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the printer received nothing")
	}

	refused := []struct {
		name, bearer, method, path, body string
		status                           int
	}{
		{"another customer's user prints", gardenUser, "POST", printers + "/" + created.ID + "/print", job, 404},
		{"under their own customer", gardenUser, "POST", fmt.Sprintf("/web/api/customers/%d/network-printers/%s/print", garden, created.ID), job, 404},
		{"another customer's user lists", gardenUser, "GET", printers, "", 404},
		{"a user adds an address of their own", bakeryUser, "POST", printers, `{"name":"Mine","host":"127.0.0.1","port":22}`, 403},
		{"a user moves the printer", bakeryUser, "PUT", printers + "/" + created.ID, `{"name":"Desk","host":"127.0.0.1","port":22}`, 403},
		{"a tracking login prints", fmt.Sprintf("ROLE_TRACKING:%d", bakery), "POST", printers + "/" + created.ID + "/print", job, 403},
		{"not ZPL", bakeryUser, "POST", printers + "/" + created.ID + "/print", `{"zpl":"hello"}`, 400},
	}
	for _, r := range refused {
		if code, _, body := call(r.bearer, r.method, r.path, r.body); code != r.status {
			t.Errorf("%s = %d %s, want %d", r.name, code, body, r.status)
		}
	}
	select {
	case got := <-jobs:
		t.Fatalf("a refused call reached the printer: %q", got)
	case <-time.After(200 * time.Millisecond):
	}

	// A printer that is gone answers the translated connection failure.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := ln.Addr().String()
	ln.Close()
	ghost, gport, _ := net.SplitHostPort(gone)
	_, _, body = call(admin, "POST", printers, fmt.Sprintf(`{"name":"Ghost","host":%q,"port":%s}`, ghost, gport))
	var g struct{ ID string }
	_ = json.Unmarshal([]byte(body), &g)
	if code, _, body := call(bakeryUser, "POST", printers+"/"+g.ID+"/print", job); code != 503 || !strings.Contains(body, `"message":"`+printer.KeyConnectionFailed+`"`) {
		t.Fatalf("printing to an unreachable printer = %d %s", code, body)
	}
}
