package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/shipment"
)

func init() {
	// Downloads kin-openapi has no decoder for: read as bytes, like application/octet-stream.
	for _, t := range []string{"application/pdf", "application/zip", "image/png", "text/xml",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"} {
		openapi3filter.RegisterBodyDecoder(t, openapi3filter.FileBodyDecoder)
	}
}

// TestEveryGETAnswersAsTheOpenAPIDocumentSays calls every GET of the REST
// facade that the served OpenAPI document lists, on the demo organisation
// with a sent batch, an API parcel and the demo customs documents, and
// validates each answer (status, media type, body, X-Total-Count) against
// the document: what integrators' generated clients and validators rely on.
func TestEveryGETAnswersAsTheOpenAPIDocumentSays(t *testing.T) {
	srv, bakery := contractPortal(t)
	user := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(bakery, 10)}
	admin := portal{t: t, srv: srv, bearer: "ROLE_ADMIN:0"}

	rsp, raw := user.call("GET", "/api-docs/portal.openapi.yaml", "")
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("document = %d", rsp.StatusCode)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatalf("the document is no valid OpenAPI: %v", err)
	}

	// Demo-like data for the paths' ids: a sent batch, an API parcel.
	upload := fmt.Sprintf(`{"csv":%q,"csvFileName":"contract.csv","customer":{"id":%d}}`, base64.StdEncoding.EncodeToString(batchcsvtest.Generate(5)), bakery)
	_, b := user.call("POST", "/web/api/batches", upload)
	batch := jsonField(t, b, "id")
	user.call("POST", "/web/api/batches/"+batch+"/_send", `{"labelType":"PDF"}`)
	user.settle(batch, "SENT")
	_, b = user.call("POST", fmt.Sprintf("/web/api/customers/%d/parcels", bakery), `{"labelType":"PDF","csvShipmentDTO":`+form("Contract", true)+`}`)
	parcel := jsonField(t, b, "parcelId")
	user.call("POST", "/web/api/parcels/"+parcel+"/label", "")
	csv := base64.StdEncoding.EncodeToString([]byte("name;street\nAnna;Hauptstraße\n"))
	for _, c := range []struct{ path, body string }{
		{"/web/api/news", `{"summary":"Contract","summaryEn":"Contract","articleEn":"<p>Contract</p>","order":1}`},
		{"/web/api/csv-template-docs", `{"name":"Template","document":"` + csv + `","documentContentType":"text/csv","fileName":"template.csv","active":true}`},
		{"/web/api/product-codes-docs", `{"name":"Codes","document":"` + csv + `","documentContentType":"text/csv","fileName":"codes.csv","active":true}`},
		{"/web/api/acsses", `{"name":"Acss","description":"Contract","csv":"` + csv + `","fileName":"acss.csv","active":true}`},
		{fmt.Sprintf("/web/api/address-books/customer/%d", bakery), `{"name":"Anna","street":"Hauptstraße","no":"1","postalcode":"10115","city":"Berlin","isoCountry":"DE"}`},
	} {
		admin.call("POST", c.path, c.body)
	}

	ids := map[string]string{"batch": batch, "parcel": parcel, "customer": strconv.FormatInt(bakery, 10)}
	first := func(path, field string) string {
		_, body := admin.raw("GET", path, "")
		var list []map[string]any
		if json.Unmarshal(body, &list) != nil || len(list) == 0 {
			var page map[string]any
			if json.Unmarshal(body, &page) == nil {
				for _, v := range page {
					if l, ok := v.([]any); ok && len(l) > 0 {
						if m, ok := l[0].(map[string]any); ok {
							list = []map[string]any{m}
						}
					}
				}
			}
		}
		if len(list) == 0 {
			return "0"
		}
		return fmt.Sprint(list[0][field])
	}
	// A published legal page, so its public read answers one.
	admin.call("PUT", "/web/api/legal-pages", `{"tenantId":"`+first("/web/api/tenants", "id")+`","kind":"IMPRINT","locale":"de","body":"Impressum"}`)
	ids["shipment"] = first("/web/api/batches/"+batch+"/shipments?page=0&pageSize=5&filter=ALL", "id")
	ids["tracking"] = first("/web/api/batches/"+batch+"/shipments?page=0&pageSize=5&filter=ALL", "identifier")
	// A webhook endpoint, so its delivery log has an endpoint to read.
	admin.call("POST", "/web/api/customers/"+ids["customer"]+"/webhooks", `{"url":"https://203.0.113.10/hook","events":["BATCH_SENT"]}`)
	ids["webhook"] = first("/web/api/customers/"+ids["customer"]+"/webhooks", "id")

	// Where a path's parameters come from, and the query the call needs.
	calls := map[string]string{
		"/web/api/acsses/{id}":                                           "/web/api/acsses/" + first("/web/api/acsses", "id"),
		"/web/api/acsses/{id}/csv":                                       "/web/api/acsses/" + first("/web/api/acsses", "id") + "/csv",
		"/web/api/address-books/customer/{customer_id}":                  "/web/api/address-books/customer/" + ids["customer"],
		"/web/api/address-books/customer/{customer_id}/csv":              "/web/api/address-books/customer/" + ids["customer"] + "/csv",
		"/web/api/address-books/{id}":                                    "/web/api/address-books/" + first("/web/api/address-books/customer/"+ids["customer"], "id"),
		"/web/api/batches":                                               "/web/api/batches?customerId=" + ids["customer"] + "&page=0&pageSize=5",
		"/web/api/shipments":                                             "/web/api/shipments?customerId=" + ids["customer"] + "&page=0&pageSize=5",
		"/web/api/parcels":                                               "/web/api/parcels?customerId=" + ids["customer"] + "&page=0&pageSize=5",
		"/web/api/dashboard/parcels-in-country":                          "/web/api/dashboard/parcels-in-country?customerId=" + ids["customer"] + "&countries=DE,AT",
		"/web/api/invoice-reports/monthly":                               fmt.Sprintf("/web/api/invoice-reports/monthly?year=%d&month=%d", time.Now().Year(), time.Now().Month()),
		"/web/api/legal-pages":                                           "/web/api/legal-pages?tenantId=" + first("/web/api/tenants", "id"),
		"/web/api/legal-pages/published/{kind}":                          "/web/api/legal-pages/published/IMPRINT?locale=de",
		"/web/api/invoice-reports/yearly":                                fmt.Sprintf("/web/api/invoice-reports/yearly?year=%d", time.Now().Year()),
		"/web/api/reports/invoiceCustomers":                              "/web/api/reports/invoiceCustomers?shipmentIds=" + ids["shipment"],
		"/web/api/reports/checkInvoiceNumber":                            "/web/api/reports/checkInvoiceNumber?invoiceNumber=CI-1&crmIds=" + demo.BakeryCRMID,
		"/web/api/reports/labels":                                        "/web/api/reports/labels?customerId=" + ids["customer"],
		"/web/api/batches/{id}/manifest":                                 "/web/api/batches/" + batch + "/manifest",
		"/web/api/batches/{id}/shipments":                                "/web/api/batches/" + batch + "/shipments?page=0&pageSize=5&filter=ALL",
		"/web/api/batches/{id}/traffic":                                  "/web/api/batches/" + batch + "/traffic?kind=request",
		"/web/api/cep-tracking/parcels/{id}":                             "/web/api/cep-tracking/parcels/" + ids["tracking"],
		"/web/api/cep-tracking/parcels/{id}/events":                      "/web/api/cep-tracking/parcels/" + ids["tracking"] + "/events",
		"/web/api/cep-tracking/parcels/{id}/parcel-receiver":             "/web/api/cep-tracking/parcels/" + ids["tracking"] + "/parcel-receiver",
		"/web/api/cep-tracking/parcels/{id}/parcel-sender":               "/web/api/cep-tracking/parcels/" + ids["tracking"] + "/parcel-sender",
		"/web/api/csv-template-docs/{id}":                                "/web/api/csv-template-docs/" + first("/web/api/csv-template-docs", "id"),
		"/web/api/csv-template-docs/{id}/download":                       "/web/api/csv-template-docs/" + first("/web/api/csv-template-docs", "id") + "/download",
		"/web/api/customers/{customer_id}/network-printers":              "/web/api/customers/" + ids["customer"] + "/network-printers",
		"/web/api/customers/{customer_id}/webhooks":                      "/web/api/customers/" + ids["customer"] + "/webhooks",
		"/web/api/customers/{customer_id}/webhooks/{id}/deliveries":      "/web/api/customers/" + ids["customer"] + "/webhooks/" + ids["webhook"] + "/deliveries",
		"/web/api/customs-documents":                                     "/web/api/customs-documents?crmId=" + demo.BakeryCRMID,
		"/web/api/customs-documents/{id}":                                "/web/api/customs-documents/" + first("/web/api/customs-documents?crmId="+demo.BakeryCRMID, "id"),
		"/web/api/dashboard/parcels-per-country/{customer_id}":           "/web/api/dashboard/parcels-per-country/" + ids["customer"],
		"/web/api/fulfillments/{id}":                                     "/web/api/fulfillments/" + first("/web/api/fulfillments", "id"),
		"/web/api/gtc/{country}":                                         "/web/api/gtc/DE",
		"/web/api/gtc/{country}/pages":                                   "/web/api/gtc/DE/pages",
		"/web/api/news/locale/{locale}":                                  "/web/api/news/locale/en",
		"/web/api/news/{id}":                                             "/web/api/news/" + first("/web/api/news", "id"),
		"/web/api/parcel-inquiry/tenants/{tenant_id}":                    "/web/api/parcel-inquiry/tenants/" + first("/web/api/tenants-all", "id"),
		"/web/api/parcel-inquiry/{tracking_id}/pdf_document":             "/web/api/parcel-inquiry/" + ids["tracking"] + "/pdf_document",
		"/web/api/parcels/{id}":                                          "/web/api/parcels/" + parcel,
		"/web/api/parcels/{id}/label":                                    "/web/api/parcels/" + parcel + "/label",
		"/web/api/parcels/{parcel_id}/customs-declarations":              "/web/api/parcels/" + parcel + "/customs-declarations",
		"/web/api/product-codes-docs/{id}":                               "/web/api/product-codes-docs/" + first("/web/api/product-codes-docs", "id"),
		"/web/api/product-codes-docs/{id}/download":                      "/web/api/product-codes-docs/" + first("/web/api/product-codes-docs", "id") + "/download",
		"/web/api/reports/labelsByIds":                                   "/web/api/reports/labelsByIds?shipmentIds=" + ids["shipment"],
		"/web/api/reports/invoiceByIds":                                  "/web/api/reports/invoiceByIds?shipmentIds=" + ids["shipment"],
		"/web/api/reports/shipments/{shipment_id}/details":               "/web/api/reports/shipments/" + ids["shipment"] + "/details",
		"/web/api/reports/shipments/{shipment_id}/traffic":               "/web/api/reports/shipments/" + ids["shipment"] + "/traffic?kind=request",
		"/web/api/shipments/commercial-invoice/{invoice_number}/details": "/web/api/shipments/commercial-invoice/none/details",
		"/web/api/shipments/{id}":                                        "/web/api/shipments/" + ids["shipment"],
		"/web/api/shipments/{id}/details":                                "/web/api/shipments/" + ids["shipment"] + "/details",
		"/web/api/shipments/{id}/label":                                  "/web/api/shipments/" + ids["shipment"] + "/label",
		"/web/api/shipments/{id}/tracking":                               "/web/api/shipments/" + ids["shipment"] + "/tracking",
		"/web/api/tenants/{id}":                                          "/web/api/tenants/" + first("/web/api/tenants-all", "id"),
		"/web/api/users/{login}":                                         "/web/api/users/" + first("/web/api/users", "login"),
		"/web/api/user-data/{id}":                                        "/web/api/user-data/" + first("/web/api/user-data", "id"),
	}
	for _, p := range []string{"/web/api/batches/{id}", "/web/api/batches/{id}/commercial-invoice", "/web/api/batches/{id}/csv",
		"/web/api/batches/{id}/customsDocs", "/web/api/batches/{id}/labels", "/web/api/batches/{id}/validatedShipments"} {
		calls[p] = strings.Replace(p, "{id}", batch, 1)
	}
	for _, p := range []string{"/web/api/customers/{id}", "/web/api/customers/{id}/full", "/web/api/customers/{id}/printer-settings"} {
		calls[p] = strings.Replace(p, "{id}", ids["customer"], 1)
	}

	bearers := []string{admin.bearer, user.bearer, "ROLE_API:" + ids["customer"]}
	var answered, failed []string
	mismatches := 0
	for path, item := range doc.Paths.Map() {
		op := item.Get
		if op == nil {
			continue
		}
		url, ok := calls[path]
		if !ok {
			if strings.Contains(path, "{") {
				t.Errorf("GET %s: the test does not know its parameters; add it to calls", path)
				continue
			}
			url = path
		}
		var rsp *http.Response
		var body []byte
		var req *http.Request
		for _, bearer := range bearers {
			req, rsp, body = contractGet(t, srv, url, bearer)
			if rsp.StatusCode != http.StatusForbidden {
				break
			}
		}
		route := &routers.Route{Spec: doc, Path: path, PathItem: item, Method: http.MethodGet, Operation: op}
		err := openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
			Status:                 rsp.StatusCode, Header: rsp.Header, Body: io.NopCloser(bytes.NewReader(body)),
			Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
				SchemaValidationOptions: []openapi3.SchemaValidationOption{openapi3.EnableJSONSchema2020()}},
		})
		if err != nil {
			mismatches++
			t.Errorf("GET %s = %d %s: the answer breaks the document: %v\n%.600s", url, rsp.StatusCode, rsp.Header.Get("Content-Type"), err, body)
		}
		if declared := op.Responses.Status(rsp.StatusCode); declared != nil && rsp.StatusCode == http.StatusOK {
			_, promised := declared.Value.Headers["X-Total-Count"]
			if sent := rsp.Header.Get("X-Total-Count") != ""; sent != promised {
				mismatches++
				t.Errorf("GET %s: X-Total-Count sent %v, declared %v", url, sent, promised)
			}
		}
		if rsp.StatusCode == http.StatusOK {
			answered = append(answered, path)
		} else {
			failed = append(failed, fmt.Sprintf("%s %d %.120s", url, rsp.StatusCode, body))
		}
	}
	slices.Sort(failed)
	t.Logf("%d GETs answered 200; %d answered a problem document:\n%s", len(answered), len(failed), strings.Join(failed, "\n"))
	if mismatches != 0 {
		t.Errorf("%d answers break the document", mismatches)
	}
	if len(answered) < 80 {
		t.Errorf("only %d of the GETs answered 200; the data does not reach the others", len(answered))
	}
}

// contractGet makes one GET as an integrator's client would.
func contractGet(t *testing.T, srv *httptest.Server, url, bearer string) (*http.Request, *http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	req.Header.Set("Accept", "*/*")
	rsp, body := rpctest.Send(t, srv.Client(), req.Clone(context.Background()))
	return req, rsp, body
}

func jsonField(t *testing.T, body []byte, field string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil || m[field] == nil {
		t.Fatalf("no %s in %.300s", field, body)
	}
	return fmt.Sprint(m[field])
}

// contractPortal wires the whole portal as main does over the demo
// organisation and its customs documents, with a batch worker of its own.
func contractPortal(t testing.TB) (*httptest.Server, int64) {
	t.Helper()
	redisAddr := redisOf(t)
	db := newDemoDatabase(t)
	render := func(identifier string, d shipment.Draft) ([]byte, error) {
		return labels.CustomsPDF(labels.CustomsFromDraft(identifier, "DE", d, time.Now()))
	}
	if _, err := demo.SeedCustomsDocuments(context.Background(), postgres.CustomsDocuments{Pool: db.pool}, render, time.Now()); err != nil {
		t.Fatal(err)
	}
	cfg := config{
		CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisAddr, CarrierConcurrency: 4, Captcha: "self-hosted",
		KratosPublicURL: env("KRATOS_PUBLIC_URL", "http://127.0.0.1:4433"), KratosAdminURL: env("KRATOS_ADMIN_URL", "http://127.0.0.1:4434"),
		SMTPAddr: env("SMTP_ADDR", "127.0.0.1:1025"), BaseURL: "http://127.0.0.1", JobQueue: "contract-" + randomHex(t),
	}
	side := carrierOf(cfg)
	queue := jobs.NewQueue(redisAddr, cfg.JobQueue)
	t.Cleanup(func() { _ = queue.Close() })
	h, err := handlers(cfg, db.pool, db.box, side, queue, operationsOf(cfg, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	h.Callers = bearers{}
	handler, err := portalHandler(h, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	worker, err := workerOf(cfg, db.pool, db.box, side, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	worked := make(chan error, 1)
	go func() { worked <- worker.Run(ctx) }()
	t.Cleanup(func() {
		stop()
		if err := <-worked; err != nil {
			t.Error(err)
		}
	})
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv, db.customer(t, demo.BakeryCRMID)
}
