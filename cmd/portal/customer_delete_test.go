package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/app/demo"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

// TestCustomerWithShippingHistoryIsNotDeleted wires the customer use cases
// as main does over the real PostgreSQL and deletes customers through the
// real HTTP server, over REST (DELETE web/api/customers/{id}) and Connect:
// a customer with a batch is refused with error.customer.hasShippingHistory
// and keeps its batch; a customer without history is deleted.
func TestCustomerWithShippingHistoryIsNotDeleted(t *testing.T) {
	db := newDemoDatabase(t)
	pool, box := db.pool, db.box
	bakery, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)
	ctx := context.Background()
	store := postgres.Customers{Pool: pool, Sealer: box}
	svc := customersOf(pool, store, credcheck.Client{})
	api, err := rpc.NewAPI(rpc.Handlers{Customers: rpc.CustomerHandler{Customers: svc}, Callers: bearers{}}, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)

	batches := postgres.Batches{Pool: pool}
	for _, c := range []int64{bakery, garden} {
		if _, err := batches.Create(ctx, batch.Batch{CustomerID: c, FileName: "orders.csv", Status: batch.Created, CreatedBy: "e2e", LabelType: "PDF"},
			[]byte("name\nAnna\n"), []shipment.Validated{{Fields: map[string]shipment.Value{"name": {Value: "Anna"}}, Valid: true}}); err != nil {
			t.Fatal(err)
		}
	}

	del := func(id int64) (int, string, string) {
		rsp, body := rpctest.Call(t, srv.Client(), "DELETE", srv.URL+"/web/api/customers/"+strconv.FormatInt(id, 10), "ROLE_ADMIN", "")
		return rsp.StatusCode, rsp.Header.Get("app-error"), string(body)
	}
	if code, key, body := del(bakery); code < 400 || code >= 500 || key != customer.KeyHasShippingHistory || !strings.Contains(body, customer.KeyHasShippingHistory) {
		t.Fatalf("REST delete of a customer with a batch = %d %q %s", code, key, body)
	}
	client := portalv1connect.NewCustomerServiceClient(srv.Client(), srv.URL)
	req := connect.NewRequest(&portalv1.DeleteCustomerRequest{Id: garden})
	req.Header().Set("Authorization", "Bearer ROLE_ADMIN")
	_, err = client.DeleteCustomer(ctx, req)
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeFailedPrecondition || cerr.Message() != customer.KeyHasShippingHistory {
		t.Fatalf("Connect delete of a customer with a batch = %v", err)
	}
	var customers, kept int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM customer WHERE id = ANY($1)), (SELECT count(*) FROM batch WHERE customer_id = ANY($1))`,
		[]int64{bakery, garden}).Scan(&customers, &kept); err != nil || customers != 2 || kept != 2 {
		t.Fatalf("after refused deletes: %d customers, %d batches, %v", customers, kept, err)
	}

	// A customer without shipping history may still go, over both protocols.
	fresh := func(crmid string) int64 {
		c, err := svc.Create(ctx, adminCaller, customer.Customer{Name: "Fresh " + crmid, CRMID: crmid, APIUsername: "fresh"})
		if err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	first, second := fresh("DE20000001"), fresh("DE20000002")
	if code, key, body := del(first); code != http.StatusOK {
		t.Fatalf("REST delete of a customer without history = %d %q %s", code, key, body)
	}
	req = connect.NewRequest(&portalv1.DeleteCustomerRequest{Id: second})
	req.Header().Set("Authorization", "Bearer ROLE_ADMIN")
	if _, err := client.DeleteCustomer(ctx, req); err != nil {
		t.Fatalf("Connect delete of a customer without history = %v", err)
	}
	if _, err := store.Get(ctx, first); err == nil {
		t.Fatal("the customer without history is still there")
	}
}

var adminCaller = &access.Caller{Login: "e2e", Roles: []access.Role{access.Admin}}
