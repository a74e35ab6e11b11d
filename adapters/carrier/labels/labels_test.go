package labels_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/carrier/labels"
	"parcelportal/core/shipment"
)

func draft() shipment.Draft {
	return shipment.Draft{
		Fields: map[string]string{
			"name": "Jürgen Müller", "street": "Hauptstraße", "no": "5", "postalcode": "8001", "city": "Zürich",
			"isoCountry": "ch", "referencenumber": "ORDER-4711", "weight": "1.2", "product": "EPAQSTD", "service": "CUP",
			"options": "SIGN", "format": "B", "content": "Gift", "currency": "EUR", "shippingCost": "4.90", "email": "j@example.com",
		},
		OrderLines: []map[string]string{
			{"description": "Book ^about~ ZPL", "articleNumber": "A-1", "hstarifnumber": "490199", "origincountry": "DE", "quantity": "2", "weight": "0.4", "value": "12.50"},
			{"description": "Mug", "quantity": "1", "weight": "0.4", "value": "8"},
		},
	}
}

var at = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

func TestPDFLabelIsOne100x150Page(t *testing.T) {
	doc, err := labels.PDF(labels.FromDraft("CP000000014DE", "DE", draft(), at))
	if err != nil {
		t.Fatal(err)
	}
	carriertest.AssertPDF(t, doc, 1, 100, 150)
}

func TestZPLLabelDrawsTheBarcodeAndEscapesCommands(t *testing.T) {
	d := draft()
	d.Fields["name"] = "A^B~C_D"
	z := string(labels.ZPL(labels.FromDraft("CP000000014DE", "DE", d, at)))
	for _, want := range []string{"^XA\n", "^PW800\n", "^LL1200\n", "^BCN,224,Y,N,N^FH_^FDCP000000014DE^FS", "A_5EB_7EC_5FD", "Zürich", "^XZ\n"} {
		if !strings.Contains(z, want) {
			t.Errorf("ZPL lacks %q:\n%s", want, z)
		}
	}
	if strings.Count(z, "^XA") != 1 || !strings.HasSuffix(z, "^XZ\n") {
		t.Errorf("ZPL is not one label:\n%s", z)
	}
}

func TestCustomsDocumentIsOneA4Page(t *testing.T) {
	d := draft()
	for range 60 { // more lines than fit: still one page
		d.OrderLines = append(d.OrderLines, d.OrderLines[0])
	}
	doc, err := labels.CustomsPDF(labels.CustomsFromDraft("CP000000014DE", "DE", d, at))
	if err != nil {
		t.Fatal(err)
	}
	carriertest.AssertPDF(t, doc, 1, 210, 297)
}

func TestManifestPagesGrowWithParcels(t *testing.T) {
	for _, c := range []struct{ parcels, pages int }{{0, 1}, {1, 1}, {200, 1}, {201, 2}, {2000, 10}} {
		ids := make([]string, c.parcels)
		for i := range ids {
			ids[i] = labels.Identifier(int64(i), "DE")
		}
		doc, err := labels.ManifestPDF(labels.Manifest{Number: "M1", Reference: "r", Customer: "DE123", Identifiers: ids, Date: at})
		if err != nil {
			t.Fatal(err)
		}
		carriertest.AssertPDF(t, doc, c.pages, 210, 297)
	}
}

func TestIdentifiersAreS10WithCheckDigit(t *testing.T) {
	if !labels.ValidIdentifier("RA473124829GB") { // the UPU's own example
		t.Fatal("UPU example rejected")
	}
	if labels.ValidIdentifier("RA473124828GB") || labels.ValidIdentifier("RA47312482GB") || labels.ValidIdentifier("1A473124829GB") {
		t.Fatal("broken identifier accepted")
	}
	seen := map[string]bool{}
	for i := range int64(1000) {
		id := labels.Identifier(i*7919, "nl")
		if !labels.ValidIdentifier(id) || !strings.HasSuffix(id, "NL") || seen[id] {
			t.Fatalf("identifier %d: %s", i, id)
		}
		seen[id] = true
	}
	if id := labels.Identifier(1, ""); id != "CP000000014XX" {
		t.Fatalf("no country: %s", id)
	}
}

func BenchmarkRenderPDFLabel(b *testing.B) {
	d := draft()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := labels.PDF(labels.FromDraft(labels.Identifier(int64(i), "DE"), "DE", d, at)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "labels/s")
}

func BenchmarkRenderZPLLabel(b *testing.B) {
	d := draft()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = labels.ZPL(labels.FromDraft(labels.Identifier(int64(i), "DE"), "DE", d, at))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "labels/s")
}

func ExampleIdentifier() {
	fmt.Println(labels.Identifier(47312482, "gb"))
	// Output: CP473124829GB
}

// A 300 dpi label is drawn in that printer's dots: the same millimetres,
// one and a half times the dots of the 203 dpi label, not the 203 dpi
// label left to print at two thirds of its size.
func TestZPL300LabelIsDrawnFor300Dpi(t *testing.T) {
	d := draft()
	l := labels.FromDraft("CP000000014DE", "DE", d, at)
	z203, z300 := string(labels.ZPL(l)), string(labels.ZPL300(l))
	for _, want := range []string{"^PW800\n^LL1200\n", "^FO64,848^BY3^BCN,224,Y,N,N^FH_^FDCP000000014DE^FS"} {
		if !strings.Contains(z203, want) {
			t.Errorf("203 dpi ZPL lacks %q:\n%s", want, z203)
		}
	}
	for _, want := range []string{"^PW1200\n^LL1800\n", "^FO96,1272^BY4^BCN,336,Y,N,N^FH_^FDCP000000014DE^FS", "^A0N,60,60"} {
		if !strings.Contains(z300, want) {
			t.Errorf("300 dpi ZPL lacks %q:\n%s", want, z300)
		}
	}
	if strings.Count(z300, "^FO") != strings.Count(z203, "^FO") {
		t.Errorf("the 300 dpi label does not draw the same fields")
	}
}
