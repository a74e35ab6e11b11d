// Package batchcsvtest makes batch files of any size for tests and
// benchmarks, so that large files (2000 rows, 2001 rows, more than 10 MB)
// need not be committed.
package batchcsvtest

import (
	"bytes"
	"encoding/csv"
	"fmt"
)

// Header of generated files: the address, the shipment, two order-line groups.
var Header = []string{
	"name", "street", "no", "postalcode", "city", "isoCountry", "email", "referencenumber", "weight", "format",
	"product", "service", "options", "content", "currency",
	"articleNumber1", "hstarifnumber1", "origincountry1", "description1", "quantity1", "weight1", "value1",
	"articleNumber2", "hstarifnumber2", "origincountry2", "description2", "quantity2", "weight2", "value2",
}

// destinations cycle through the rows: three inside the customs union, two
// outside (with order lines, as customs needs them).
var destinations = []struct {
	street, postal, city, country, product, service, options string
	customs                                                  bool
}{
	{"Hauptstraße", "10115", "Berlin", "DE", "EPAQSTD", "CUP", "SIGN", false},
	{"Mariahilfer Straße", "1060", "Wien", "AT", "EPAQPLS", "CUP", "SIGN|INS", false},
	{"Bahnhofstrasse", "8001", "Zürich", "CH", "EPAQPLS", "CPP", "SIGN", true},
	{"Fifth Avenue", "10118", "New York", "US", "EPAQSCT", "CPP", "SIGN|INS", true},
	{"Keizersgracht", "1015 CX", "Amsterdam", "NL", "EPAQSTD", "CUP", "", false},
}

// Generate returns a ';'-delimited UTF-8 batch file with rows shipments,
// each valid for a customer whose contract has EPAQSTD/CUP with SIGN,
// EPAQPLS/CUP with SIGN and INS, EPAQPLS/CPP with SIGN and EPAQSCT/CPP with
// SIGN and INS, as the demo customer DE10000001 has. Every row has two
// order lines; reference numbers are GEN-00001, GEN-00002, ...
func Generate(rows int) []byte {
	var b bytes.Buffer
	b.Grow(rows * 260)
	w := csv.NewWriter(&b)
	w.Comma = ';'
	_ = w.Write(Header)
	for i := 1; i <= rows; i++ {
		d := destinations[i%len(destinations)]
		content, currency := "", ""
		if d.customs {
			content, currency = "Baked goods", "EUR"
		}
		_ = w.Write([]string{
			fmt.Sprintf("Receiver %d", i), d.street, fmt.Sprint(1 + i%120), d.postal, d.city, d.country,
			fmt.Sprintf("receiver%d@example.com", i), fmt.Sprintf("GEN-%05d", i), "1,6", "B",
			d.product, d.service, d.options, content, currency,
			"ST-750", "190590", "DE", "Christstollen 750 g", "1", "0,75", "18,50",
			"LK-200", "190531", "DE", "Lebkuchen 200 g", "3", "0,2", "4,90",
		})
	}
	w.Flush()
	return b.Bytes()
}
