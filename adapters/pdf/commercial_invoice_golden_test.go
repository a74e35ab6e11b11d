package pdf_test

import (
	"bytes"
	"compress/zlib"
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/pdf"
	"parcelportal/core/invoice"
	"parcelportal/core/shipment"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// streamPattern finds a PDF's streams; textPattern the strings shown by Tj.
var (
	streamPattern = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
	textPattern   = regexp.MustCompile(`\(((?:\\.|[^\\)])*)\)\s*Tj`)
)

// pdfText is the text a PDF shows, a line per Tj, in page order: the
// content streams inflated and their strings unescaped.
func pdfText(t *testing.T, doc []byte) string {
	t.Helper()
	var lines []string
	for _, m := range streamPattern.FindAllSubmatch(doc, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a deflated stream (fonts are, content is too)
		}
		content, err := io.ReadAll(r)
		if err != nil {
			continue
		}
		for _, tj := range textPattern.FindAllSubmatch(content, -1) {
			s := strings.NewReplacer(`\(`, "(", `\)`, ")", `\\`, `\`).Replace(string(tj[1]))
			lines = append(lines, strings.TrimSpace(s))
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func value(s string) shipment.Value { return shipment.Value{Value: s} }

// The invoice the dialog makes prints every field of the invoice request,
// the seller with its EORI, every parcel with its receiver and every order
// line of the shipments, and the totals.
func TestCommercialInvoiceTextGolden(t *testing.T) {
	row := shipment.Validated{Valid: true, Fields: map[string]shipment.Value{
		"name": value("Heidi Muster"), "contact": value("Reception"), "street": value("Bahnhofstrasse"), "no": value("1"),
		"postalcode": value("8001"), "city": value("Zurich"), "isoCountry": value("ch"), "currency": value("chf"),
		"referencenumber": value("ORD-7"), "receiverTaxId": value("CHE-123"), "email": value("heidi@example.ch"),
	}, OrderLines: []map[string]shipment.Value{
		{"description": value("Christstollen 750 g"), "articleNumber": value("ST-750"), "hstarifnumber": value("190590"),
			"origincountry": value("de"), "quantity": value("2"), "value": value("12,50"), "weight": value("0.8")},
		{"description": value("Lebkuchen"), "hstarifnumber": value("190590"), "origincountry": value("DE"), "quantity": value("3"),
			"value": value("4"), "weight": value("0.25")},
	}}
	seller := invoice.Party{Name: "Baeckerei Sonnenschein", Street: "Hauptstrasse", No: "5", Postcode: "10115", City: "Berlin",
		Country: "DE", EORI: "DE123456789012345", TaxID: "DE999"}
	header, err := invoice.Header{Number: " INV 2026-7 ", PONumber: "PO-55", Incoterm: "ddp", ReasonOfExport: "SAMPLES",
		AdditionalComments: "I certify the goods are of German origin.", DeclarationStatement: "Non-EU declaration statement.",
		FreightPostage: 4.5, Duty: 1.25, VAT: 7.7, TobaccoTax: 0.3, DiscountRebate: 2}.Check()
	if err != nil {
		t.Fatal(err)
	}
	inv := invoice.Make(seller, header, []invoice.Labelled{{Row: row, Identifier: "LX123456789DE"}})
	inv.Date = time.Date(2026, 11, 25, 9, 30, 0, 0, time.UTC)
	doc, err := pdf.CommercialInvoices{}.RenderCommercialInvoices([]invoice.Commercial{inv})
	if err != nil {
		t.Fatal(err)
	}
	got := pdfText(t, doc)
	golden := "testdata/commercial_invoice.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("invoice text:\n%s\nwant:\n%s", got, want)
	}
}
