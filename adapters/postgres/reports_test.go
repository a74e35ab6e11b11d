package postgres_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/reports"
	"parcelportal/core/failure"
	"parcelportal/core/report"
)

// reportQuery parses a search model and scopes it.
func reportQuery(t testing.TB, filter string, customers ...int64) reports.Query {
	t.Helper()
	s, err := report.Parse(filter, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return reports.Query{Search: s, Customers: customers}
}

func searchIDs(t *testing.T, store postgres.Reports, q reports.Query) []int64 {
	t.Helper()
	page, err := store.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(page.Rows))
	for i, r := range page.Rows {
		ids[i] = r.ShipmentID
	}
	return ids
}

func TestReportStatusIsStatusOf(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	c := demoCustomers(t, pool)[0]
	store := postgres.Reports{Pool: pool}
	type combo struct {
		state   string
		success bool
		batch   string
	}
	want := map[int64]report.Status{}
	for _, st := range []string{"PENDING", "SUBMITTING", "DONE", "FAILED"} {
		for _, ok := range []bool{true, false} {
			for _, b := range []string{"", "SENDING", "SENT", "CREATING_MANIFEST", "MANIFEST_CREATED", "ERROR_MANIFEST"} {
				id := postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, State: st, Success: ok, BatchStatus: b})
				want[id] = report.StatusOf(st, ok, b)
			}
		}
	}
	cancelled := postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, State: "CANCELLED", BatchStatus: "SENT"})
	page, err := store.Search(context.Background(), reportQuery(t, `{"size":1000}`, c))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Rows) != len(want) || page.Total != len(want) {
		t.Fatalf("%d rows, total %d, want %d", len(page.Rows), page.Total, len(want))
	}
	for _, r := range page.Rows {
		if r.ShipmentID == cancelled {
			t.Error("a cancelled shipment is reported")
		}
		if r.Status != want[r.ShipmentID] {
			t.Errorf("shipment %d: SQL says %s, core says %s", r.ShipmentID, r.Status, want[r.ShipmentID])
		}
	}
	for _, st := range report.Statuses {
		ids := searchIDs(t, store, reportQuery(t, `{"size":1000,"searchCriteria":{"status":["`+string(st)+`"]}}`, c))
		n := 0
		for _, s := range want {
			if s == st {
				n++
			}
		}
		if len(ids) != n || n == 0 {
			t.Errorf("status %s: %d rows, want %d", st, len(ids), n)
		}
		for _, id := range ids {
			if want[id] != st {
				t.Errorf("status %s filter found a %s row", st, want[id])
			}
		}
	}
}

func TestReportCriteriaAndScope(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	cs := demoCustomers(t, pool)
	mine, other := cs[0], cs[1]
	store := postgres.Reports{Pool: pool}
	now := time.Now()
	base := postgrestest.Shipment{Customer: mine, BatchStatus: "SENT", Product: "EPAQSTD", Service: "CUP", Destination: "AT",
		PostalCode: "1010", City: "Wien", Format: "E", Options: "SIGN", Weight: "1,5", LabelType: "PDF", APIClient: "SHIPPING"}
	with := func(change func(*postgrestest.Shipment)) int64 {
		s := base
		change(&s)
		return postgrestest.PutShipment(t, pool, s)
	}
	a := with(func(s *postgrestest.Shipment) {
		s.Receiver, s.Identifier, s.Reference, s.At = "Anna Gruber", "TR1", "ORD-1", now.Add(-time.Hour)
		s.Lines = [][2]string{{"2", "10.5"}, {"1", "3"}}
	})
	b := with(func(s *postgrestest.Shipment) {
		s.Receiver, s.Identifier, s.Reference, s.At = "Bernd 100%_Müller", "TR2", "ORD-2", now.Add(-2*time.Hour)
		s.Product, s.Service, s.Destination, s.PostalCode, s.City = "EPAQPLS", "CPP", "DE", "80331", "München"
		s.Format, s.Options, s.InvoiceNumber, s.APIClient = "G", "INS|SIGN", "INV-7", "A1"
	})
	parcel := with(func(s *postgrestest.Shipment) {
		s.BatchStatus, s.Source, s.Receiver, s.Identifier, s.At = "", "API_PARCEL", "Carla", "TR3", now.Add(-3*time.Hour)
		// A parcel of the aggregator client stores it as core/parcel names it.
		s.LabelType, s.APIClient = "Zebra", "SHIPPYPRO"
	})
	old := with(func(s *postgrestest.Shipment) { s.Receiver, s.At = "Old", now.AddDate(0, 0, -8) })
	foreign := with(func(s *postgrestest.Shipment) { s.Customer, s.Receiver, s.Identifier = other, "Anna Foreign", "TR9" })

	cases := map[string]struct {
		criteria string
		want     []int64
	}{
		"default: last 7 days, newest first": {``, []int64{a, b, parcel}},
		"products":                           {`"products":["EPAQPLS"]`, []int64{b}},
		"services":                           {`"services":["CUP"]`, []int64{a, parcel}},
		"additional services":                {`"additionalServices":["INS"]`, []int64{b}},
		"formats":                            {`"formats":["G"]`, []int64{b}},
		"countries":                          {`"countries":["de"]`, []int64{b}},
		"tracking numbers":                   {`"trackingNumbers":["TR1","TR3","TR9"]`, []int64{a, parcel}},
		"order numbers":                      {`"orderNumbers":["ORD-2"]`, []int64{b}},
		"recipient name, any part":           {`"recipientName":"gRub"`, []int64{a}},
		"recipient name, taken literally":    {`"recipientName":"100%_"`, []int64{b}},
		"wildcards match nothing else":       {`"recipientName":"%a"`, nil},
		"postal code":                        {`"postalCode":"803"`, []int64{b}},
		"city":                               {`"city":"münchen"`, []int64{b}},
		"label types":                        {`"labelTypes":["Zebra"]`, []int64{parcel}},
		"invoice numbers":                    {`"invoiceNumbers":["INV-7"]`, []int64{b}},
		"api clients":                        {`"apiClients":["A1"]`, []int64{b}},
		"the aggregator client":              {`"apiClients":["AGGREGATOR"]`, []int64{parcel}},
		"the aggregator client with another": {`"apiClients":["AGGREGATOR","A1"]`, []int64{b, parcel}},
		"older range":                        {`"fromDate":"` + now.AddDate(0, 0, -9).Format(time.DateOnly) + `"`, []int64{a, b, parcel, old}},
	}
	for name, c := range cases {
		got := searchIDs(t, store, reportQuery(t, `{"searchCriteria":{`+c.criteria+`}}`, mine))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	// The parcel UUID criterion.
	var uuid string
	if err := pool.QueryRow(context.Background(), `SELECT v.uuid FROM shipment s JOIN validated_shipment v ON v.id = s.validated_shipment_id WHERE s.id = $1`, parcel).Scan(&uuid); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, store, reportQuery(t, `{"searchCriteria":{"parcelUuid":"`+uuid+`"}}`, mine)); !slices.Equal(got, []int64{parcel}) {
		t.Errorf("parcel uuid: %v", got)
	}
	// Sort and pages.
	if got := searchIDs(t, store, reportQuery(t, `{"sortOrder":"asc"}`, mine)); !slices.Equal(got, []int64{parcel, b, a}) {
		t.Errorf("ascending: %v", got)
	}
	if got := searchIDs(t, store, reportQuery(t, `{"sortField":"recipientName","sortOrder":"asc"}`, mine)); !slices.Equal(got, []int64{a, b, parcel}) {
		t.Errorf("by recipient: %v", got)
	}
	page, err := store.Search(context.Background(), reportQuery(t, `{"size":10,"page":1}`, mine))
	if err != nil || len(page.Rows) != 0 || page.Total != 3 {
		t.Errorf("page 2: %d rows, total %d, %v", len(page.Rows), page.Total, err)
	}
	// Scope: another customer's shipment appears only in its scope, and in staff's (nil).
	if got := searchIDs(t, store, reportQuery(t, ``, other)); !slices.Equal(got, []int64{foreign}) {
		t.Errorf("other customer: %v", got)
	}
	if got := searchIDs(t, store, reportQuery(t, ``)); !slices.Contains(got, foreign) || !slices.Contains(got, a) {
		t.Errorf("every customer: %v", got)
	}
	// The columns of one row.
	rows, err := store.Rows(context.Background(), []int64{mine}, []int64{a, foreign})
	if err != nil || len(rows) != 1 {
		t.Fatalf("rows in scope: %v %v", rows, err)
	}
	r := rows[0]
	if r.Value != 24 || r.Weight != 1.5 || r.PostalCode != "1010" || r.City != "Wien" || r.Format != "E" ||
		r.AdditionalOptions != "SIGN" || r.Currency != "EUR" || r.Status != report.Sent || r.Source != "BATCH" ||
		r.CustomerName == "" || r.CustomerCRMID == "" || r.ParcelUUID == "" || r.LabelType != "PDF" || r.APIClient != "SHIPPING" {
		t.Errorf("row %+v", r)
	}
}

func TestReportExportLimits(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	c := demoCustomers(t, pool)[0]
	store := postgres.Reports{Pool: pool}
	pdfLabel := postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, BatchStatus: "SENT", Label: []byte("%PDF-1"), ContentType: "application/pdf", LabelType: "PDF", InvoiceNumber: "I-1", Identifier: "T1"})
	zpl := postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, Label: []byte("^XA^XZ"), ContentType: "text/plain", LabelType: "Zebra"})
	postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, State: "FAILED"})
	q := reportQuery(t, ``, c)
	ctx := context.Background()
	n := 0
	if err := store.Each(ctx, q, 3, func(report.Row) error { n++; return nil }); err != nil || n != 3 {
		t.Errorf("each within the limit: %d rows, %v", n, err)
	}
	n = 0
	err := store.Each(ctx, q, 2, func(report.Row) error { n++; return nil })
	if f, ok := failure.As(err); !ok || f.Key != report.KeyReduceSearchCriteria || n != 0 {
		t.Errorf("each over the limit: %v after %d rows", err, n)
	}
	if ids, err := store.IDs(ctx, q, 3); err != nil || len(ids) != 3 {
		t.Errorf("ids: %v %v", ids, err)
	}
	if _, err := store.IDs(ctx, q, 2); !failure.HasKey(err, report.KeyReduceSearchCriteria) {
		t.Errorf("ids over the limit: %v", err)
	}
	docs, err := store.Labels(ctx, []int64{zpl, pdfLabel, 999999})
	if err != nil || len(docs) != 2 || docs[0].ShipmentID != pdfLabel || string(docs[1].Data) != "^XA^XZ" || docs[1].LabelType != "Zebra" {
		t.Errorf("labels: %+v %v", docs, err)
	}
	inv, err := store.Invoices(ctx, []int64{pdfLabel})
	if err != nil || len(inv) != 1 || inv[0].CustomerID != c || inv[0].Labelled.Identifier != "T1" ||
		inv[0].Labelled.Row.Fields["invoiceNumber"].Value != "I-1" {
		t.Errorf("invoices: %+v %v", inv, err)
	}
}
