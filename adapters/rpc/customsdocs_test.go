package rpc_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/customsdocs"
	"parcelportal/app/demo"
	"parcelportal/core/customsdoc"
)

type customsDocsAPI struct {
	served
	// docs of mine (two) and of other (one).
	first, second, foreign int64
}

// newCustomsDocsAPI serves the customs documents over a real HTTP server
// on Postgres, with two documents of the bakery and one of the garden.
func newCustomsDocsAPI(t *testing.T) customsDocsAPI {
	t.Helper()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	store := postgres.CustomsDocuments{Pool: pool}
	var a customsDocsAPI
	var err error
	if a.mine, err = store.CustomerOf(ctx, demo.BakeryCRMID); err != nil {
		t.Fatal(err)
	}
	if a.other, err = store.CustomerOf(ctx, demo.GardenCRMID); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 5, 4, 8, 0, 0, 0, time.UTC)
	put := func(customerID int64, name string, at time.Time) int64 {
		d, _, err := store.Add(ctx, customsdoc.Document{CustomerID: customerID, Identifier: name, Source: customsdoc.SourceCarrier,
			CarrierDocumentID: "CD-" + name, Filename: name + ".pdf", ContentType: "application/pdf", UploadedAt: at, UploadedBy: "carrier"},
			[]byte("%PDF-1.4 "+name))
		if err != nil {
			t.Fatal(err)
		}
		return d.ID
	}
	a.first = put(a.mine, "first", at)
	a.second = put(a.mine, "second", at.Add(time.Minute))
	a.foreign = put(a.other, "foreign", at)
	a.srv = serveAPI(t, rpc.Handlers{CustomsDocs: rpc.CustomsDocumentHandler{CustomsDocs: customsdocs.Service{Store: store}},
		Callers: customerBearers{}})
	return a
}

func listedIDs(t *testing.T, b []byte) []string {
	t.Helper()
	var out []string
	for _, d := range decode[[]map[string]any](t, b) {
		out = append(out, idOf(d["id"]))
	}
	return out
}

func TestCustomsDocumentsListIsScopedToTheCRMId(t *testing.T) {
	t.Parallel()
	a := newCustomsDocsAPI(t)
	want := idOf(a.second) + "," + idOf(a.first)
	for _, path := range []string{"/web/api/customs-documents?crmId=" + demo.BakeryCRMID, "/web/api/customs-documents"} {
		rsp, b := a.call(t, a.user(), "GET", path, "")
		if rsp.StatusCode != 200 || strings.Join(listedIDs(t, b), ",") != want || rsp.Header.Get("X-Total-Count") != "2" {
			t.Fatalf("GET %s = %d %s", path, rsp.StatusCode, b)
		}
	}
	rsp, b := a.call(t, a.user(), "GET", "/web/api/customs-documents", "")
	first := decode[[]map[string]any](t, b)[0]
	if first["filename"] != "second.pdf" || first["crmId"] != demo.BakeryCRMID || first["uploadedBy"] != "carrier" ||
		first["uploadedAt"] != "2026-05-04T08:01:00Z" || first["lastDownloadedAt"] != nil {
		t.Errorf("a document: %d %v", rsp.StatusCode, first)
	}
	// Another customer's CRM id is not found, and so is one that does not exist.
	for _, crm := range []string{demo.GardenCRMID, "ZZ99999999"} {
		rsp, b := a.call(t, a.user(), "GET", "/web/api/customs-documents?crmId="+crm, "")
		wantKey(t, "list of "+crm, rsp, b, 404, customsdoc.KeyNotFound)
	}
	// Customer service sees any customer's documents.
	rsp, b = a.call(t, "ROLE_CUSTOMER_SERVICE", "GET", "/web/api/customs-documents?crmId="+demo.GardenCRMID, "")
	if rsp.StatusCode != 200 || strings.Join(listedIDs(t, b), ",") != idOf(a.foreign) {
		t.Errorf("customer service = %d %s", rsp.StatusCode, b)
	}
	// Tracking-only and API logins are refused, anonymous callers too.
	rsp, b = a.call(t, "ROLE_TRACKING:"+strconv.FormatInt(a.mine, 10), "GET", "/web/api/customs-documents", "")
	wantKey(t, "tracking", rsp, b, 403, "error.forbidden")
	rsp, b = a.call(t, "", "GET", "/web/api/customs-documents", "")
	wantKey(t, "anonymous", rsp, b, 401, "error.unauthenticated")
}

func TestCustomsDocumentDownloadRecordsWhoAndWhen(t *testing.T) {
	t.Parallel()
	a := newCustomsDocsAPI(t)
	rsp, b := a.call(t, a.user(), "GET", "/web/api/customs-documents/"+idOf(a.first), "")
	if rsp.StatusCode != 200 || string(b) != "%PDF-1.4 first" || rsp.Header.Get("Content-Type") != "application/pdf" ||
		!strings.Contains(rsp.Header.Get("Content-Disposition"), `filename=first.pdf`) {
		t.Fatalf("download = %d %v %s", rsp.StatusCode, rsp.Header, b)
	}
	_, b = a.call(t, a.user(), "GET", "/web/api/customs-documents", "")
	docs := decode[[]map[string]any](t, b)
	if docs[1]["lastDownloadedBy"] != "role_user:"+strconv.FormatInt(a.mine, 10) || docs[1]["lastDownloadedAt"] == nil || docs[0]["lastDownloadedAt"] != nil {
		t.Errorf("after a download: %v", docs)
	}
	// Another customer's document and a missing one are not found, and nothing is recorded.
	for _, id := range []int64{a.foreign, 1 << 40} {
		rsp, b := a.call(t, a.user(), "GET", "/web/api/customs-documents/"+idOf(id), "")
		wantKey(t, "download of "+idOf(id), rsp, b, 404, customsdoc.KeyNotFound)
	}
	_, b = a.call(t, "ROLE_ADMIN", "GET", "/web/api/customs-documents?crmId="+demo.GardenCRMID, "")
	if d := decode[[]map[string]any](t, b)[0]; d["lastDownloadedAt"] != nil {
		t.Errorf("a refused download was recorded: %v", d)
	}
}

func zipEntries(t *testing.T, b []byte) map[string]string {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	out := map[string]string{}
	for _, f := range r.File {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		out[f.Name] = string(data)
	}
	return out
}

func TestCustomsDocumentsBulkDownloadIsOneZip(t *testing.T) {
	t.Parallel()
	a := newCustomsDocsAPI(t)
	body := fmt.Sprintf(`{"documentIds":[%d,%d,%d]}`, a.first, a.second, a.first)
	rsp, b := a.call(t, a.user(), "POST", "/web/api/customs-documents/bulk-download", body)
	if rsp.StatusCode != 200 || rsp.Header.Get("Content-Type") != "application/zip" ||
		!strings.Contains(rsp.Header.Get("Content-Disposition"), "customs-documents.zip") {
		t.Fatalf("bulk = %d %v %s", rsp.StatusCode, rsp.Header, b)
	}
	got := zipEntries(t, b)
	if len(got) != 2 || got["first.pdf"] != "%PDF-1.4 first" || got["second.pdf"] != "%PDF-1.4 second" {
		t.Errorf("zip = %v", got)
	}
	_, b = a.call(t, a.user(), "GET", "/web/api/customs-documents", "")
	for _, d := range decode[[]map[string]any](t, b) {
		if d["lastDownloadedAt"] == nil {
			t.Errorf("bulk download not recorded: %v", d)
		}
	}
	// A selection with another customer's document is refused whole.
	rsp, b = a.call(t, a.user(), "POST", "/web/api/customs-documents/bulk-download", fmt.Sprintf(`{"documentIds":[%d,%d]}`, a.first, a.foreign))
	wantKey(t, "with a foreign document", rsp, b, 404, customsdoc.KeyNotFound)
	rsp, b = a.call(t, a.user(), "POST", "/web/api/customs-documents/bulk-download", `{"documentIds":[]}`)
	wantKey(t, "empty selection", rsp, b, 400, customsdoc.KeyNoneSelected)
	ids := make([]string, customsdoc.MaxBulk+1)
	for i := range ids {
		ids[i] = strconv.Itoa(i + 1)
	}
	rsp, b = a.call(t, a.user(), "POST", "/web/api/customs-documents/bulk-download", `{"documentIds":[`+strings.Join(ids, ",")+`]}`)
	wantKey(t, "too many", rsp, b, 400, customsdoc.KeyTooMany)
	rsp, b = a.call(t, "ROLE_TRACKING", "POST", "/web/api/customs-documents/bulk-download", body)
	wantKey(t, "tracking", rsp, b, 403, "error.forbidden")
}

func TestCustomsDocumentUploadIsForAdminsAndPDFsOnly(t *testing.T) {
	t.Parallel()
	a := newCustomsDocsAPI(t)
	upload := func(bearer, crm, name string, content []byte) (*http.Response, []byte) {
		return a.call(t, bearer, "POST", "/web/api/customs-documents",
			fmt.Sprintf(`{"crmId":%q,"identifier":"ID9","filename":%q,"content":%q}`, crm, name, base64.StdEncoding.EncodeToString(content)))
	}
	pdf := []byte("%PDF-1.4 uploaded")
	rsp, b := upload("ROLE_ADMIN", demo.BakeryCRMID, `C:\scans\invoice "1"`, pdf)
	got := decode[map[string]any](t, b)
	if rsp.StatusCode != 200 || got["filename"] != "invoice 1.pdf" || got["source"] != "UPLOAD" || got["uploadedBy"] != "role_admin" || got["identifier"] != "ID9" {
		t.Fatalf("upload = %d %s", rsp.StatusCode, b)
	}
	rsp, b = a.call(t, a.user(), "GET", "/web/api/customs-documents/"+idOf(got["id"]), "")
	if rsp.StatusCode != 200 || !bytes.Equal(b, pdf) {
		t.Errorf("the bakery's user downloads the upload = %d %s", rsp.StatusCode, b)
	}
	for name, tc := range map[string]struct {
		bearer, crm string
		content     []byte
		status      int
		key         string
	}{
		"a user":            {a.user(), demo.BakeryCRMID, pdf, 403, "error.forbidden"},
		"operations":        {"ROLE_OPERATIONS", demo.BakeryCRMID, pdf, 403, "error.forbidden"},
		"not a PDF":         {"ROLE_ADMIN", demo.BakeryCRMID, []byte("<html>"), 400, customsdoc.KeyFileType},
		"empty":             {"ROLE_ADMIN", demo.BakeryCRMID, nil, 400, customsdoc.KeyFileSize},
		"too large":         {"ROLE_ADMIN", demo.BakeryCRMID, append([]byte("%PDF-"), make([]byte, customsdoc.MaxUploadBytes)...), 400, customsdoc.KeyFileSize},
		"an unknown CRM id": {"ROLE_ADMIN", "ZZ99999999", pdf, 404, customsdoc.KeyNotFound},
	} {
		rsp, b := upload(tc.bearer, tc.crm, "x.pdf", tc.content)
		wantKey(t, name, rsp, b, tc.status, tc.key)
	}
	if rsp, b := upload("ROLE_ADMIN", demo.BakeryCRMID, "  ", pdf); rsp.StatusCode != 400 || !strings.Contains(string(b), customsdoc.KeyFilename) {
		t.Errorf("no file name = %d %s", rsp.StatusCode, b)
	}
	_, b = a.call(t, a.user(), "GET", "/web/api/customs-documents", "")
	if n := len(decode[[]map[string]any](t, b)); n != 3 {
		t.Errorf("refused uploads stored something: %d documents", n)
	}
}

// TestCustomsDocumentsConnect calls the procedures through the generated client.
func TestCustomsDocumentsConnect(t *testing.T) {
	t.Parallel()
	a := newCustomsDocsAPI(t)
	ctx := context.Background()
	client := portalv1connect.NewCustomsDocumentServiceClient(a.srv.Client(), a.srv.URL)
	as := func(bearer string, r interface{ Header() http.Header }) {
		r.Header().Set("Authorization", "Bearer "+bearer)
	}
	list := connect.NewRequest(&portalv1.ListCustomsDocumentsRequest{CrmId: demo.BakeryCRMID})
	as(a.user(), list)
	got, err := client.ListCustomsDocuments(ctx, list)
	if err != nil || len(got.Msg.GetCustomsDocuments()) != 2 || got.Msg.GetCustomsDocuments()[0].GetId() != a.second {
		t.Fatalf("list = %v, %v", got, err)
	}
	one := connect.NewRequest(&portalv1.DownloadCustomsDocumentRequest{Id: a.second})
	as(a.user(), one)
	file, err := client.DownloadCustomsDocument(ctx, one)
	if err != nil || string(file.Msg.GetFile().GetData()) != "%PDF-1.4 second" {
		t.Fatalf("download = %v, %v", file, err)
	}
	foreign := connect.NewRequest(&portalv1.DownloadCustomsDocumentRequest{Id: a.foreign})
	as(a.user(), foreign)
	if _, err := client.DownloadCustomsDocument(ctx, foreign); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("download of a foreign document = %v", err)
	}
	bulk := connect.NewRequest(&portalv1.BulkDownloadCustomsDocumentsRequest{DocumentIds: []int64{a.first, a.second}})
	as(a.user(), bulk)
	zipped, err := client.BulkDownloadCustomsDocuments(ctx, bulk)
	if err != nil {
		t.Fatalf("bulk = %v", err)
	}
	var pieces []byte
	for zipped.Receive() {
		pieces = append(pieces, zipped.Msg().GetFile().GetData()...)
	}
	if err := zipped.Err(); err != nil || len(zipEntries(t, pieces)) != 2 {
		t.Fatalf("bulk = %v", err)
	}
	empty := connect.NewRequest(&portalv1.BulkDownloadCustomsDocumentsRequest{})
	as(a.user(), empty)
	refused, _ := client.BulkDownloadCustomsDocuments(ctx, empty)
	for refused.Receive() {
		t.Error("an empty bulk sent a piece")
	}
	var ce *connect.Error
	if err := refused.Err(); !errors.As(err, &ce) || ce.Code() != connect.CodeInvalidArgument {
		t.Errorf("empty bulk = %v", err)
	}
	up := connect.NewRequest(&portalv1.UploadCustomsDocumentRequest{CrmId: demo.GardenCRMID, Filename: "scan.pdf", Content: []byte("%PDF-x")})
	as(a.user(), up)
	if _, err := client.UploadCustomsDocument(ctx, up); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("a user's upload = %v", err)
	}
	as("ROLE_SUPERADMIN", up)
	if d, err := client.UploadCustomsDocument(ctx, up); err != nil || d.Msg.GetCustomsDocument().GetCrmId() != demo.GardenCRMID {
		t.Errorf("a super admin's upload = %v, %v", d, err)
	}
}
