package rpc_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/htmlsafe"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/app/documents"
	"parcelportal/app/identity"
	"parcelportal/app/invoicereports"
	"parcelportal/app/news"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/document"
)

// bearers knows one bearer per role; the bearer is the role's name.
type bearers struct{}

func (bearers) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	if access.IsRole(token) {
		return identity.CallerState{Caller: &access.Caller{Login: token, Roles: []access.Role{access.Role(token)}}}, nil
	}
	return identity.CallerState{}, account.ErrBadCredentials
}

func documentsAPI(t *testing.T) http.Handler {
	t.Helper()
	docs := documents.Service{Docs: memory.NewDocs(), Acsses: memory.NewAcsses(map[int64]string{1: "Parcel Portal Germany"}),
		Legal: memory.NewLegalPages([]int64{1, 2}, nil)}
	reports := invoicereports.Service{Counts: memory.InvoiceCounts{Invoices: []memory.Invoice{
		{CustomerID: 3, CustomerName: "Bäckerei Sonnenschein", CRMID: "DE10000001", At: time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC), Commercial: true},
	}}}
	api := newAPI(t, rpc.Handlers{
		Documents: rpc.DocumentHandler{Documents: docs},
		Acss:      rpc.AcssHandler{Documents: docs},
		News:      rpc.NewsHandler{News: news.Service{Store: &memory.News{}, Sanitizer: htmlsafe.New()}},
		Invoicing: rpc.InvoiceReportHandler{Reports: reports},
		Callers:   bearers{},
	})
	return api
}

func call(t *testing.T, api http.Handler, role, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+role)
	}
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	return rec
}

func TestDocumentsOverREST(t *testing.T) {
	api := documentsAPI(t)
	file := []byte("name;street\x00\xff")
	body := `{"name":"Template","document":"` + base64.StdEncoding.EncodeToString(file) + `","documentContentType":"text/csv","fileName":"template.csv","active":true}`
	if rec := call(t, api, "ROLE_USER", "POST", "/web/api/csv-template-docs", body); rec.Code != http.StatusForbidden {
		t.Fatalf("a user creates a document: %d %s", rec.Code, rec.Body)
	}
	rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/csv-template-docs", body)
	var created struct {
		ID        string `json:"id"`
		Document  string `json:"document"`
		CreatedAt string `json:"createdAt"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != http.StatusOK || created.ID == "" || created.Document != "" || created.CreatedAt == "" {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "ROLE_ADMIN", "GET", "/web/api/csv-template-docs/"+created.ID+"/download", "")
	if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), file) || rec.Header().Get("Content-Type") != "text/csv" ||
		rec.Header().Get("Content-Disposition") != `attachment; filename=template.csv` {
		t.Fatalf("download = %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	rec = call(t, api, "ROLE_TRACKING", "GET", "/web/api/csv-template-docs/active", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"name":"Template"`) {
		t.Fatalf("active for a signed-in user = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "ROLE_ADMIN", "GET", "/web/api/csv-template-docs", "")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Total-Count") != "1" || !strings.HasPrefix(rec.Body.String(), "[") {
		t.Fatalf("list = %d %s %v", rec.Code, rec.Body, rec.Header())
	}
	if rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/product-codes-docs/active", ""); rec.Code != http.StatusNotFound {
		t.Fatalf("no active product-codes document = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "ROLE_ADMIN", "POST", "/web/api/product-codes-docs", `{"name":"","documentContentType":"application/pdf"}`)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"field":"document"`) {
		t.Fatalf("create without a file = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "ROLE_ADMIN", "POST", "/web/api/product-codes-docs", `{"name":"Codes","document":"JVBERg==","documentContentType":"application/pdf","active":true}`)
	json.Unmarshal(rec.Body.Bytes(), &created)
	if rec := call(t, api, "ROLE_ADMIN", "DELETE", "/web/api/product-codes-docs/"+created.ID, ""); rec.Code != http.StatusBadRequest ||
		!strings.Contains(rec.Body.String(), "error.document.activeNotDeletable") {
		t.Fatalf("delete of the active product-codes document = %d %s", rec.Code, rec.Body)
	}
}

func TestAcssOverREST(t *testing.T) {
	api := documentsAPI(t)
	csv := "zip;street\n10115;Main 1\n"
	rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/acsses",
		`{"name":"Corrections","csv":"`+base64.StdEncoding.EncodeToString([]byte(csv))+`","fileName":"corr.csv","tenant":{"id":"1"}}`)
	var created struct {
		ID     string `json:"id"`
		Tenant struct {
			Name string `json:"name"`
		} `json:"tenant"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != http.StatusOK || created.Tenant.Name != "Parcel Portal Germany" {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "ROLE_ADMIN", "GET", "/web/api/acsses/"+created.ID+"/csv", "")
	if rec.Code != http.StatusOK || rec.Body.String() != csv || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
		rec.Header().Get("Content-Disposition") != "attachment; filename=corr.csv" {
		t.Fatalf("download = %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	rec = call(t, api, "ROLE_ADMIN", "POST", "/web/api/acsses", `{"name":"Binary","csv":"`+base64.StdEncoding.EncodeToString([]byte{0x50, 0x4b, 3, 4, 0})+`"}`)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.document.notCsv") {
		t.Fatalf("binary upload = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_OPERATIONS", "GET", "/web/api/acsses?cacheBuster=1", ""); rec.Code != http.StatusForbidden {
		t.Fatalf("operations lists acss files = %d", rec.Code)
	}
	if rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/acsses?cacheBuster=1", ""); rec.Code != http.StatusOK || rec.Header().Get("X-Total-Count") != "1" {
		t.Fatalf("list = %d %s", rec.Code, rec.Body)
	}
}

func TestNewsOverREST(t *testing.T) {
	api := documentsAPI(t)
	var ids []string
	for _, s := range []string{"one", "two", "three"} {
		rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/news",
			`{"summaryEn":"`+s+`","summaryDe":"`+s+` de","articleEn":"<p onclick=\"x()\">`+s+`</p><script>alert(1)</script>"}`)
		var n struct {
			ID        string `json:"id"`
			ArticleEn string `json:"articleEn"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &n); err != nil || rec.Code != http.StatusOK || n.ArticleEn != "<p>"+s+"</p>" {
			t.Fatalf("create = %d %s", rec.Code, rec.Body)
		}
		ids = append(ids, n.ID)
	}
	if rec := call(t, api, "ROLE_ADMIN", "PUT", "/web/api/news/"+ids[2]+"/order/0", ""); rec.Code != http.StatusOK {
		t.Fatalf("move = %d %s", rec.Code, rec.Body)
	}
	rec := call(t, api, "ROLE_USER", "GET", "/web/api/news/locale/de", "")
	var read []struct {
		ID        string `json:"id"`
		SummaryEn string `json:"summaryEn"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &read); err != nil || len(read) != 3 || read[0].ID != ids[2] || read[0].SummaryEn != "three de" {
		t.Fatalf("news in German = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_USER", "GET", "/web/api/news", ""); rec.Code != http.StatusForbidden {
		t.Fatalf("a user lists the news for editing = %d", rec.Code)
	}
	if rec := call(t, api, "", "GET", "/web/api/news/locale/en", ""); rec.Code != http.StatusUnauthorized {
		t.Fatalf("anonymous news = %d", rec.Code)
	}
	rec = call(t, api, "ROLE_ADMIN", "PUT", "/web/api/news", `{"id":"`+ids[0]+`","summaryEn":"ONE","articleNl":"<a href=\"javascript:alert(1)\">x</a>"}`)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "javascript") || !strings.Contains(rec.Body.String(), `"order":1`) {
		t.Fatalf("update = %d %s", rec.Code, rec.Body)
	}
}

func TestInvoiceReportsOverREST(t *testing.T) {
	api := documentsAPI(t)
	rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/invoice-reports/monthly?year=2026&month=3", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Disposition") != "attachment; filename=invoice-report-2026-03.csv" ||
		!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
		rec.Body.String() != "customerId,customerName,crmid,commercialInvoices,chargeableInvoices\n3,Bäckerei Sonnenschein,DE10000001,1,0\n" {
		t.Fatalf("monthly = %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	rec = call(t, api, "ROLE_SUPERADMIN", "GET", "/web/api/invoice-reports/yearly?year=2026", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Disposition") != "attachment; filename=invoice-report-2026-yearly.csv" {
		t.Fatalf("yearly = %d %v", rec.Code, rec.Header())
	}
	rec = call(t, api, "ROLE_ADMIN", "GET", "/web/api/invoice-reports/monthly?year=2026", "")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.invoiceReport.selectDate") {
		t.Fatalf("monthly without month = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_OPERATIONS", "GET", "/web/api/invoice-reports/yearly?year=2026", ""); rec.Code != http.StatusForbidden {
		t.Fatalf("operations downloads the report = %d", rec.Code)
	}
}

// TestDownloadNamesLoseBidiControls: a name stored before names were
// cleaned ("invoice\u202efdp.exe", shown as "invoiceexe.pdf") is offered
// as what it is.
func TestDownloadNamesLoseBidiControls(t *testing.T) {
	docs := memory.NewDocs()
	d, err := docs.Create(context.Background(), document.CSVTemplate, document.Doc{Name: "old", Document: []byte("a;b"), ContentType: "text/csv", FileName: "invoice\u202efdp.exe"})
	if err != nil {
		t.Fatal(err)
	}
	api := newAPI(t, rpc.Handlers{Documents: rpc.DocumentHandler{Documents: documents.Service{Docs: docs}}, Callers: bearers{}})
	rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/csv-template-docs/"+strconv.FormatInt(d.ID, 10)+"/download", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Disposition") != "attachment; filename=invoicefdp.exe" {
		t.Fatalf("download = %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
}
