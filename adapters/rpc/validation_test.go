package rpc_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/core/access"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// problemOf reads a REST problem document.
func problemOf(t *testing.T, code int, body []byte) (message string, fields []map[string]string) {
	t.Helper()
	var p struct {
		Message     string              `json:"message"`
		FieldErrors []map[string]string `json:"fieldErrors"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("no problem document: %d %s", code, body)
	}
	return p.Message, p.FieldErrors
}

// wantFieldError checks a 400 problem carrying exactly these field errors
// (objectName, field, rule key), as the webapp reads them.
func wantFieldError(t *testing.T, what string, rec *httptest.ResponseRecorder, want ...[3]string) {
	t.Helper()
	wantFieldErrorIn(t, what, rec.Code, rec.Body.Bytes(), want...)
}

func wantFieldErrorIn(t *testing.T, what string, code int, body []byte, want ...[3]string) {
	t.Helper()
	message, fields := problemOf(t, code, body)
	var got [][3]string
	for _, f := range fields {
		got = append(got, [3]string{f["objectName"], f["field"], f["message"]})
	}
	if code != http.StatusBadRequest || message != "error.validation" || !slices.Equal(got, want) {
		t.Fatalf("%s = %d %s, want 400 error.validation with %v", what, code, body, want)
	}
}

func newsIDs(t *testing.T, api http.Handler) []string {
	t.Helper()
	rec := call(t, api, "ROLE_USER", "GET", "/web/api/news/locale/en", "")
	var items []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("news = %d %s", rec.Code, rec.Body)
	}
	var ids []string
	for _, n := range items {
		ids = append(ids, n.ID)
	}
	return ids
}

func TestFieldRulesOverREST(t *testing.T) {
	api := documentsAPI(t)
	for _, s := range []string{"one", "two"} {
		if rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/news", `{"summaryEn":"`+s+`"}`); rec.Code != http.StatusOK {
			t.Fatalf("create = %d %s", rec.Code, rec.Body)
		}
	}
	before := newsIDs(t, api)

	// A position below 0 was moved to the front before; now it is refused and nothing moves.
	wantFieldError(t, "move to -1", call(t, api, "ROLE_ADMIN", "PUT", "/web/api/news/"+before[1]+"/order/-1", ""),
		[3]string{"moveNews", "value", "Size"})
	// Id 0 names nothing: required, and nothing is deleted.
	wantFieldError(t, "delete news 0", call(t, api, "ROLE_ADMIN", "DELETE", "/web/api/news/0", ""),
		[3]string{"deleteNews", "id", "required"})
	wantFieldError(t, "news in French", call(t, api, "ROLE_USER", "GET", "/web/api/news/locale/fr", ""),
		[3]string{"listNewsForLocale", "locale", "pattern"})
	if after := newsIDs(t, api); !slices.Equal(after, before) {
		t.Fatalf("news after refused calls = %v, want %v", after, before)
	}

	// Who may call comes first: anonymous callers get 401, forbidden ones 403, never field errors.
	for _, c := range []struct {
		role, method, path string
		want               int
	}{
		{"", "DELETE", "/web/api/news/0", http.StatusUnauthorized},
		{"", "GET", "/web/api/news/locale/fr", http.StatusUnauthorized},
		{"", "PUT", "/web/api/news/1/order/-1", http.StatusUnauthorized},
		{"ROLE_USER", "DELETE", "/web/api/news/0", http.StatusForbidden},
	} {
		rec := call(t, api, c.role, c.method, c.path, "")
		if _, fields := problemOf(t, rec.Code, rec.Body.Bytes()); rec.Code != c.want || len(fields) != 0 {
			t.Fatalf("%q %s %s = %d %s, want %d", c.role, c.method, c.path, rec.Code, rec.Body, c.want)
		}
	}
}

func TestPageRulesOverREST(t *testing.T) {
	api, _, _, _ := customersAPI(t)
	for _, c := range []struct {
		query string
		want  [][3]string
	}{
		{"?page=-1", [][3]string{{"listCustomers", "page", "Size"}}},
		{"?size=10001", [][3]string{{"listCustomers", "size", "Size"}}},
		{"?page=-1&size=-5&direction=sideways", [][3]string{
			{"listCustomers", "page", "Size"}, {"listCustomers", "size", "Size"}, {"listCustomers", "direction", "pattern"},
		}},
	} {
		wantFieldError(t, "customers"+c.query, call(t, api, "ROLE_ADMIN", "GET", "/web/api/customers"+c.query, ""), c.want...)
	}
	// The spec's sizes and the webapp's "all customers" page stay allowed, in either direction and case.
	for _, query := range []string{"", "?page=0&size=10", "?page=3&size=500&direction=DESC", "?size=10000&direction=asc"} {
		if rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/customers"+query, ""); rec.Code != http.StatusOK {
			t.Fatalf("customers%s = %d %s", query, rec.Code, rec.Body)
		}
	}
	if rec := call(t, api, "", "GET", "/web/api/customers?size=10001", ""); rec.Code != http.StatusUnauthorized {
		t.Fatalf("anonymous invalid page = %d %s", rec.Code, rec.Body)
	}
}

func TestFieldRulesOverConnect(t *testing.T) {
	srv := httptest.NewServer(documentsAPI(t))
	t.Cleanup(srv.Close)
	client := portalv1connect.NewNewsServiceClient(srv.Client(), srv.URL)
	ctx := context.Background()
	withBearer := func(m *portalv1.MoveNewsRequest, role string) *connect.Request[portalv1.MoveNewsRequest] {
		req := connect.NewRequest(m)
		if role != "" {
			req.Header().Set("Authorization", "Bearer "+role)
		}
		return req
	}

	_, err := client.MoveNews(ctx, withBearer(&portalv1.MoveNewsRequest{Value: -1}, "ROLE_ADMIN"))
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeInvalidArgument {
		t.Fatalf("invalid move = %v", err)
	}
	var detail *portalv1.ErrorDetail
	for _, d := range cerr.Details() {
		if v, derr := d.Value(); derr == nil {
			if e, ok := v.(*portalv1.ErrorDetail); ok {
				detail = e
			}
		}
	}
	want := []string{"moveNews id required", "moveNews value Size"}
	var got []string
	for _, f := range detail.GetFieldErrors() {
		got = append(got, f.GetObjectName()+" "+f.GetField()+" "+f.GetMessage())
	}
	if detail.GetMessageKey() != "error.validation" || !slices.Equal(got, want) {
		t.Fatalf("detail = %v, want %v", detail, want)
	}

	_, err = client.MoveNews(ctx, withBearer(&portalv1.MoveNewsRequest{Value: -1}, ""))
	if connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Fatalf("anonymous invalid move = %v", err)
	}
}

func TestBatchFieldRulesOverRESTAndConnect(t *testing.T) {
	a := newBatchesAPI(t)
	id := idOf(a.upload(t, batchcsvtest.Generate(2))["id"])
	status := func() any {
		rsp, b := a.call(t, a.user(), "GET", "/web/api/batches/"+id, "")
		if rsp.StatusCode != http.StatusOK {
			t.Fatalf("GET batch = %d %s", rsp.StatusCode, b)
		}
		return decode[map[string]any](t, b)["status"]
	}
	before := status()

	// Shipment 0 names nothing: required, and no job is queued.
	rsp, b := a.call(t, a.user(), "POST", "/web/api/batches/"+id+"/shipments/0/_send", "")
	wantFieldErrorIn(t, "send shipment 0", rsp.StatusCode, b, [3]string{"sendBatchShipment", "shipmentId", "required"})
	if rsp, b := a.call(t, "", "POST", "/web/api/batches/0/shipments/0/_send", ""); rsp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("anonymous send of shipment 0 = %d %s", rsp.StatusCode, b)
	}

	client := portalv1connect.NewBatchServiceClient(a.srv.Client(), a.srv.URL)
	req := connect.NewRequest(&portalv1.CancelBatchShipmentRequest{})
	req.Header().Set("Authorization", "Bearer "+a.user())
	_, err := client.CancelBatchShipment(context.Background(), req)
	if connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Fatalf("cancel of no shipment over Connect = %v", err)
	}
	anonymous := connect.NewRequest(&portalv1.CancelBatchShipmentRequest{})
	if _, err := client.CancelBatchShipment(context.Background(), anonymous); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Fatalf("anonymous cancel of no shipment over Connect = %v", err)
	}

	jobs := len(a.queue.Jobs())
	if jobs != 0 || status() != before {
		t.Fatalf("refused calls queued %d jobs, status %v -> %v", jobs, before, status())
	}
}

func TestAccountFieldRulesOverREST(t *testing.T) {
	api, ids := identityAPI(t)
	addUser(t, ids, "ada", access.Admin)
	bearer := bearerOf(t, api, "ada")

	wantFieldError(t, "users by direction and a long login",
		call(t, api, bearer, "GET", "/web/api/users?direction=sideways&login="+strings.Repeat("a", 51), ""),
		[3]string{"listUsers", "direction", "pattern"}, [3]string{"listUsers", "login", "Size"})
	if rec := call(t, api, bearer, "GET", "/web/api/users?direction=desc&login=ad&size=10", ""); rec.Code != http.StatusOK {
		t.Fatalf("users = %d %s", rec.Code, rec.Body)
	}
	// The status filter is the ActivationStatus enum, read in any case as the spec's lower-case values,
	// and one a list or a repeated parameter names; an unknown status is refused as before.
	for _, query := range []string{"status=active,PENDING", "status=new&status=Inactive"} {
		if rec := call(t, api, bearer, "GET", "/web/api/users?"+query, ""); rec.Code != http.StatusOK {
			t.Errorf("users of %s = %d %s", query, rec.Code, rec.Body)
		}
	}
	wantFieldError(t, "users of an unknown status", call(t, api, bearer, "GET", "/web/api/users?status=active,sleeping", ""),
		[3]string{"userQuery", "status", "pattern"})

	// A password change without the current password is refused before
	// anything is checked or changed: the old password still signs in.
	wantFieldError(t, "password change without the current password",
		call(t, api, bearer, "POST", "/web/api/account/change-password", `{"newPassword":"brand-new"}`),
		[3]string{"changePassword", "currentPassword", "required"})
	bearerOf(t, api, "ada")
	if rec := call(t, api, "", "POST", "/web/api/account/change-password", `{"newPassword":"brand-new"}`); rec.Code != http.StatusUnauthorized {
		t.Fatalf("anonymous password change = %d %s", rec.Code, rec.Body)
	}
}
