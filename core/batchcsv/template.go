package batchcsv

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"parcelportal/core/csvtext"
	"parcelportal/core/shipment"
)

// TemplateFileName is the name the CSV template is downloaded as.
const TemplateFileName = "template.csv"

// WorkbookTemplateFileName is the name the Excel template is downloaded as.
const WorkbookTemplateFileName = "template.xlsx"

// TemplateExample is the template's example row, a value per column of
// TemplateHeader: the CSV template's second line, the workbook's too.
func TemplateExample() []string {
	header := TemplateHeader()
	row := make([]string, len(header))
	for i, h := range header {
		row[i] = templateExample[h]
	}
	return row
}

// TemplateHeader is the header row of the CSV template: every shipment
// field and the first order-line group (articleNumber1 ... value1).
func TemplateHeader() []string {
	h := append([]string(nil), shipment.Fields...)
	for _, f := range shipment.OrderLineFields {
		h = append(h, OrderLineColumn(f, 1))
	}
	return h
}

// OrderLineColumn is the column name of field in order line n (from 1).
func OrderLineColumn(field string, n int) string { return field + strconv.Itoa(n) }

// templateExample is the template's example row: a parcel to Switzerland,
// so that it shows the customs columns filled in. Its codes are in the
// carrier's standard catalog and in the demo customers' contracts.
var templateExample = map[string]string{
	"name": "Heidi Muster", "contact": "Empfang", "street": "Bahnhofstrasse", "no": "12", "postalcode": "8001",
	"city": "Zürich", "isoCountry": "CH", "mobile": "+41 44 123 45 67", "email": "heidi.muster@example.ch",
	"referencenumber": "ORDER-1001", "weight": "1,8", "format": "B", "product": "EPAQPLS", "service": "CPP",
	"options": "SIGN|INS", "content": "Stollen", "currency": "EUR", "shippingCost": "6,90",
	"articleNumber1": "ST-750", "hstarifnumber1": "190590", "origincountry1": "DE", "description1": "Christstollen 750 g",
	"articleUrl1": "https://shop.example.de/stollen", "quantity1": "2", "weight1": "0,75", "value1": "18,50",
}

// Template is the CSV template customers download: UTF-8 with a byte order
// mark (so spreadsheet programs show umlauts right), ';'-delimited with CRLF
// line ends, the
// header and one example row. The seeded template document and
// testdata/batches/template.csv are this file.
func Template() []byte {
	var b bytes.Buffer
	b.WriteString(csvtext.BOM)
	w := csv.NewWriter(&b)
	w.Comma = ';'
	w.UseCRLF = true
	_ = w.Write(TemplateHeader())
	_ = w.Write(TemplateExample())
	w.Flush()
	return b.Bytes()
}
