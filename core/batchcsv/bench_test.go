package batchcsv_test

import (
	"testing"
	"time"

	"parcelportal/core/batchcsv"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/customer"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// generatedRules is a contract that covers what batchcsvtest.Generate writes.
func generatedRules() shipment.Rules {
	return shipment.Rules{
		Catalog:   reference.Standard(),
		APIClient: customer.ClientShipping,
		Features: []customer.Feature{
			{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN", "NONEIGHBOUR"}},
			{Product: "EPAQPLS", Service: "CUP", Options: []string{"SIGN", "INS"}},
			{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN", "INS"}},
			{Product: "EPAQSCT", Service: "CPP", Options: []string{"SIGN", "INS"}},
		},
		HubCountry: "DE",
	}
}

func TestGeneratedRowsAreValid(t *testing.T) {
	drafts := mustRead(t, batchcsvtest.Generate(25))
	for i, d := range drafts {
		if v := shipment.Validate(d, generatedRules()); !v.Valid {
			t.Fatalf("row %d is invalid: %+v", i+1, v.Fields)
		}
	}
}

// BenchmarkReadAndValidate2000 is the core's share of an upload: parse a
// 2000-row file with two order lines per row and validate every row (rows
// are validated on every processor, as the upload does).
// Target: under 20 ms per op; the ms/op metric prints the figure.
func BenchmarkReadAndValidate2000(b *testing.B) {
	data := batchcsvtest.Generate(2000)
	rules := generatedRules()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		drafts, err := batchcsv.Read(data)
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range shipment.ValidateAll(drafts, rules) {
			if !v.Valid {
				b.Fatal("generated row invalid")
			}
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/op")
}
