package shipment

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"parcelportal/core/customer"
	"parcelportal/core/reference"
)

func testRules() Rules {
	return Rules{
		Catalog:   reference.Standard(),
		APIClient: customer.ClientShipping,
		Features: []customer.Feature{
			{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN", "NONEIGHBOUR"}},
			{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN", "INS", "SGD"}},
			{Product: "EPAQGO", Service: "CUP"},
			{Product: "EPAQRETDOM", Service: "CUP"},
			{Product: "EPAQRETINT", Service: "CUP"},
		},
		EORIThresholds: []customer.EORIThreshold{{Destination: "GB", EORIThreshold: 150}},
		HubCountry:     "DE",
	}
}

// domestic is a valid shipment inside the customs union.
func domestic() Draft {
	return Draft{Fields: map[string]string{
		"name": "Erika Mustermann", "street": "Hauptstraße", "no": "5", "postalcode": "10115", "city": "Berlin",
		"isoCountry": "DE", "email": "erika@example.de", "mobile": "+49 170 1234567", "referencenumber": "R-1",
		"weight": "1,25", "product": "EPAQSTD", "service": "CUP", "options": "SIGN",
	}}
}

// abroad is a valid shipment that needs customs.
func abroad() Draft {
	return Draft{
		Fields: map[string]string{
			"name": "Heidi Muster", "street": "Bahnhofstrasse", "no": "1", "postalcode": "8001", "city": "Zürich",
			"isoCountry": "CH", "referencenumber": "R-2", "weight": "2.5", "product": "EPAQPLS", "service": "CPP",
			"content": "Books", "currency": "EUR",
		},
		OrderLines: []map[string]string{{
			"articleNumber": "B-1", "hstarifnumber": "490199", "origincountry": "DE", "description": "Novel",
			"articleUrl": "https://shop.example.de/b-1", "quantity": "2", "weight": "0,4", "value": "12.90",
		}},
	}
}

func with(d Draft, field, value string) Draft {
	d.Fields = maps.Clone(d.Fields)
	d.Fields[field] = value
	return d
}

func withLine(d Draft, field, value string) Draft {
	d.OrderLines = slices.Clone(d.OrderLines)
	d.OrderLines[0] = maps.Clone(d.OrderLines[0])
	d.OrderLines[0][field] = value
	return d
}

func keys(vs []Violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Key)
	}
	return out
}

// fieldsWithViolations lists "field:key" for every violation, order lines as "line1.field:key".
func fieldsWithViolations(v Validated) []string {
	var out []string
	for name, f := range v.Fields {
		for _, k := range keys(f.Violations) {
			out = append(out, name+":"+k)
		}
	}
	for i, l := range v.OrderLines {
		for name, f := range l {
			for _, k := range keys(f.Violations) {
				out = append(out, "line"+string(rune('1'+i))+"."+name+":"+k)
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestValidShipments(t *testing.T) {
	for name, d := range map[string]Draft{"domestic": domestic(), "abroad": abroad()} {
		v := Validate(d, testRules())
		if !v.Valid || len(fieldsWithViolations(v)) > 0 {
			t.Errorf("%s: %v", name, fieldsWithViolations(v))
		}
	}
}

// TestRules changes one thing of a valid shipment per case and expects
// exactly the violations listed.
func TestRules(t *testing.T) {
	a1 := testRules()
	a1.APIClient = customer.ClientA1
	withSellerEORI := testRules()
	withSellerEORI.SellerEORI = "DE123456789012345"
	gb := with(with(abroad(), "isoCountry", "GB"), "postalcode", "SW1A 1AA")
	cases := []struct {
		name  string
		draft Draft
		rules Rules
		want  []string
	}{
		// mandatory fields (spec 2 section 5.4)
		{"name missing", with(domestic(), "name", ""), Rules{}, []string{"name:error.shipment.mandatory"}},
		{"street blank", with(domestic(), "street", "   "), Rules{}, []string{"street:error.shipment.mandatory"}},
		{"postal code missing", with(domestic(), "postalcode", ""), Rules{}, []string{"postalcode:error.shipment.mandatory"}},
		{"city missing", with(domestic(), "city", ""), Rules{}, []string{"city:error.shipment.mandatory"}},
		{"country missing", with(domestic(), "isoCountry", ""), Rules{}, []string{"isoCountry:error.shipment.mandatory"}},
		{"reference missing", with(domestic(), "referencenumber", ""), Rules{}, []string{"referencenumber:error.shipment.mandatory"}},
		{"weight missing", with(domestic(), "weight", ""), Rules{}, []string{"weight:error.shipment.mandatory"}},
		{"product missing", with(domestic(), "product", ""), Rules{}, []string{"product:error.shipment.mandatory"}},
		{"service missing", with(domestic(), "service", ""), Rules{}, []string{"service:error.shipment.mandatory"}},
		// lengths
		{"name 36 characters", with(domestic(), "name", strings.Repeat("ä", 36)), Rules{}, []string{"name:error.shipment.maxLength"}},
		{"name 35 characters", with(domestic(), "name", strings.Repeat("ä", 35)), Rules{}, nil},
		{"postal code too long", with(domestic(), "postalcode", "12345678901"), Rules{}, []string{"postalcode:error.shipment.maxLength"}},
		{"reference too long", with(domestic(), "referencenumber", strings.Repeat("x", 36)), Rules{}, []string{"referencenumber:error.shipment.maxLength"}},
		// numbers
		{"weight with point", with(domestic(), "weight", "1.5"), Rules{}, nil},
		{"weight not a number", with(domestic(), "weight", "1,5kg"), Rules{}, []string{"weight:error.shipment.number"}},
		{"weight with thousands separator", with(domestic(), "weight", "1.000,5"), Rules{}, []string{"weight:error.shipment.number"}},
		{"weight zero", with(domestic(), "weight", "0"), Rules{}, []string{"weight:error.shipment.positive"}},
		{"weight negative", with(domestic(), "weight", "-1"), Rules{}, []string{"weight:error.shipment.positive"}},
		{"weight over maximum", with(domestic(), "weight", "30,01"), Rules{}, []string{"weight:error.shipment.max"}},
		{"weight at maximum", with(domestic(), "weight", "30"), Rules{}, nil},
		{"shipping cost", with(domestic(), "shippingCost", "4,99"), Rules{}, nil},
		{"shipping cost not a number", with(domestic(), "shippingCost", "free"), Rules{}, []string{"shippingCost:error.shipment.number"}},
		{"shipping cost negative", with(domestic(), "shippingCost", "-2"), Rules{}, []string{"shippingCost:error.shipment.notNegative"}},
		// countries, postal codes, e-mail, phone
		{"lower-case country", with(domestic(), "isoCountry", "de"), Rules{}, nil},
		{"no such country", with(domestic(), "isoCountry", "XX"), Rules{}, []string{"isoCountry:error.shipment.country"}},
		{"country name", with(domestic(), "isoCountry", "Germany"), Rules{}, []string{"isoCountry:error.shipment.country"}},
		{"German postal code of four digits", with(domestic(), "postalcode", "1011"), Rules{}, []string{"postalcode:error.shipment.postalCode"}},
		{"Dutch postal code", with(with(domestic(), "isoCountry", "NL"), "postalcode", "1011 ab"), Rules{}, nil},
		{"e-mail without domain", with(domestic(), "email", "erika@"), Rules{}, []string{"email:error.shipment.email"}},
		{"e-mail with space", with(domestic(), "email", "erika m@example.de"), Rules{}, []string{"email:error.shipment.email"}},
		{"phone with letters", with(domestic(), "mobile", "call me"), Rules{}, []string{"mobile:error.shipment.phone"}},
		// codes and the customer's features
		{"unknown product", with(domestic(), "product", "EPAQXXL"), Rules{}, []string{"product:error.shipment.unknownCode"}},
		{"unknown service", with(domestic(), "service", "FAST"), Rules{}, []string{"service:error.shipment.unknownCode"}},
		{"unknown format", with(domestic(), "format", "Q"), Rules{}, []string{"format:error.shipment.unknownCode"}},
		{"known format", with(domestic(), "format", "B"), Rules{}, nil},
		{"unknown option", with(domestic(), "options", "SIGN|FRAGILE"), Rules{}, []string{"options:error.shipment.unknownCode"}},
		{"two options", with(domestic(), "options", "SIGN|NONEIGHBOUR"), Rules{}, nil},
		{"product not in contract", with(domestic(), "product", "EPAQELT"), Rules{}, []string{"product:error.shipment.notAvailable"}},
		{"service not with this product", with(domestic(), "service", "CPP"), Rules{}, []string{"service:error.shipment.notAvailable"}},
		{"option not with this product", with(domestic(), "options", "INS"), Rules{}, []string{"options:error.shipment.optionNotAvailable"}},
		{"no features at all", domestic(), Rules{Features: []customer.Feature{}}, []string{"product:error.shipment.notAvailable"}},
		// A1 only
		{"EPAQGO without A1", with(domestic(), "product", "EPAQGO"), Rules{}, []string{"product:error.shipment.a1Only"}},
		{"EPAQGO with A1", with(with(domestic(), "product", "EPAQGO"), "options", ""), a1, nil},
		{"SGD without A1", with(with(with(domestic(), "product", "EPAQPLS"), "service", "CPP"), "options", "SGD"), Rules{}, []string{"options:error.shipment.a1Only"}},
		{"SGD with A1", with(with(with(domestic(), "product", "EPAQPLS"), "service", "CPP"), "options", "SGD"), a1, nil},
		// returns
		{"domestic return", with(domestic(), "returnOptions", "EPAQRETDOM|RETPAP"), Rules{}, nil},
		{"return without option", with(domestic(), "returnOptions", "EPAQRETDOM"), Rules{}, []string{"returnOptions:error.shipment.returnFormat"}},
		{"return with three parts", with(domestic(), "returnOptions", "EPAQRETDOM|RETPP|RETPAP"), Rules{}, []string{"returnOptions:error.shipment.returnFormat"}},
		{"unknown return type", with(domestic(), "returnOptions", "EPAQRETX|RETPP"), Rules{}, []string{"returnOptions:error.shipment.unknownCode"}},
		{"unknown return option", with(domestic(), "returnOptions", "EPAQRETDOM|RETX"), Rules{}, []string{"returnOptions:error.shipment.unknownCode"}},
		{"destination abroad inside the union", with(with(domestic(), "isoCountry", "AT"), "postalcode", "1010"), Rules{}, nil},
		{"international return pair", with(with(with(domestic(), "isoCountry", "AT"), "postalcode", "1010"), "returnOptions", "EPAQRETINT|RETPAP"), Rules{}, []string{"returnOptions:error.shipment.returnPair"}},
		{"international return from abroad", with(with(with(domestic(), "isoCountry", "AT"), "postalcode", "1010"), "returnOptions", "EPAQRETINT|RETPP"), Rules{}, nil},
		{"domestic return from abroad", with(with(with(domestic(), "isoCountry", "AT"), "postalcode", "1010"), "returnOptions", "EPAQRETDOM|RETPP"), Rules{}, []string{"returnOptions:error.shipment.returnDestination"}},
		{"return type not in contract", with(domestic(), "returnOptions", "EPAQRETDOM|RETPP"), Rules{Features: []customer.Feature{{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN"}}}}, []string{"returnOptions:error.shipment.returnNotAvailable"}},
		// customs
		{"inside the customs union no order lines needed", with(with(domestic(), "isoCountry", "ES"), "postalcode", "28001"), Rules{}, nil},
		{"Canary Islands need order lines", with(with(domestic(), "isoCountry", "ES"), "postalcode", "35001"), Rules{}, []string{
			"content:error.shipment.mandatory", "currency:error.shipment.mandatory",
			"line1.description:error.shipment.mandatoryOrderLine", "line1.hstarifnumber:error.shipment.mandatoryOrderLine",
			"line1.origincountry:error.shipment.mandatoryOrderLine", "line1.quantity:error.shipment.mandatoryOrderLine",
			"line1.value:error.shipment.mandatoryOrderLine", "line1.weight:error.shipment.mandatoryOrderLine",
		}},
		{"content missing outside", with(abroad(), "content", ""), Rules{}, []string{"content:error.shipment.mandatory"}},
		{"currency missing outside", with(abroad(), "currency", ""), Rules{}, []string{"currency:error.shipment.mandatory"}},
		{"unknown currency", with(abroad(), "currency", "EUX"), Rules{}, []string{"currency:error.shipment.currency"}},
		{"order line without description", withLine(abroad(), "description", ""), Rules{}, []string{"line1.description:error.shipment.mandatory"}},
		{"order line without tariff number", withLine(abroad(), "hstarifnumber", ""), Rules{}, []string{"line1.hstarifnumber:error.shipment.mandatory"}},
		{"order line tariff number with dots", withLine(abroad(), "hstarifnumber", "4901.99.00"), Rules{}, nil},
		{"order line tariff number too short", withLine(abroad(), "hstarifnumber", "4901"), Rules{}, []string{"line1.hstarifnumber:error.shipment.hsCode"}},
		{"order line origin unknown", withLine(abroad(), "origincountry", "EU"), Rules{}, []string{"line1.origincountry:error.shipment.country"}},
		{"order line quantity fraction", withLine(abroad(), "quantity", "1,5"), Rules{}, []string{"line1.quantity:error.shipment.integer"}},
		{"order line quantity zero", withLine(abroad(), "quantity", "0"), Rules{}, []string{"line1.quantity:error.shipment.positive"}},
		{"order line weight not a number", withLine(abroad(), "weight", "heavy"), Rules{}, []string{"line1.weight:error.shipment.number"}},
		{"order line value zero", withLine(abroad(), "value", "0,00"), Rules{}, []string{"line1.value:error.shipment.positive"}},
		{"order line address", withLine(abroad(), "articleUrl", "shop/b-1"), Rules{}, []string{"line1.articleUrl:error.shipment.url"}},
		{"order line description too long", withLine(abroad(), "description", strings.Repeat("d", 51)), Rules{}, []string{"line1.description:error.shipment.maxLength"}},
		{"order lines inside the union are checked too", withLine(with(with(abroad(), "isoCountry", "FR"), "postalcode", "75001"), "quantity", "x"), Rules{}, []string{"line1.quantity:error.shipment.integer"}},
		{"inside the union tariff number is optional", withLine(with(with(abroad(), "isoCountry", "FR"), "postalcode", "75001"), "hstarifnumber", ""), Rules{}, nil},
		// EORI
		{"sender EORI", with(abroad(), "senderEORI", "DE123456789"), Rules{}, nil},
		{"sender EORI malformed", with(abroad(), "senderEORI", "123456789"), Rules{}, []string{"senderEORI:error.shipment.eori"}},
		{"below the threshold", gb, Rules{}, nil},
		{"above the threshold", withLine(gb, "quantity", "20"), Rules{}, []string{"sellerEORI:error.shipment.eoriRequired"}},
		{"above the threshold with EORI", with(withLine(gb, "quantity", "20"), "sellerEORI", "DE1234567"), Rules{}, nil},
		{"above the threshold, customer's EORI", withLine(gb, "quantity", "20"), withSellerEORI, nil},
		{"no threshold for the destination", withLine(abroad(), "quantity", "20"), Rules{}, nil},
		// invoice columns
		{"invoice", invoice(nil), Rules{}, nil},
		{"invoice number with spaces", invoice(map[string]string{"invoiceNumber": "INV 1"}), Rules{}, nil},
		{"invoice without number", invoice(map[string]string{"invoiceNumber": ""}), Rules{}, []string{"invoiceNumber:error.shipment.mandatory"}},
		{"empty invoice columns", invoice(map[string]string{"invoiceNumber": "", "poNumber": "", "incoterm": "", "reasonOfExport": "", "freightPostage": "", "discountRebate": ""}), Rules{}, nil},
		{"unknown incoterm", invoice(map[string]string{"incoterm": "EXW"}), Rules{}, []string{"incoterm:error.shipment.oneOf"}},
		{"unknown reason", invoice(map[string]string{"reasonOfExport": "GIFT"}), Rules{}, []string{"reasonOfExport:error.shipment.oneOf"}},
		{"amount not a number", invoice(map[string]string{"freightPostage": "five"}), Rules{}, []string{"freightPostage:error.shipment.number"}},
		{"amount negative", invoice(map[string]string{"discountRebate": "-1"}), Rules{}, []string{"discountRebate:error.shipment.notNegative"}},
		{"duty with DAP", invoice(map[string]string{"duty": "3"}), Rules{}, []string{"duty:error.shipment.notWithDap"}},
		{"duty with DDP", invoice(map[string]string{"incoterm": "DDP", "duty": "3", "vat": "2,10"}), Rules{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.rules
			if r.Catalog.Products == nil {
				r.Catalog = reference.Standard()
				r.HubCountry = "DE"
				if r.Features == nil {
					r.Features = testRules().Features
				}
				if r.EORIThresholds == nil {
					r.EORIThresholds = testRules().EORIThresholds
				}
			}
			v := Validate(c.draft, r)
			got := fieldsWithViolations(v)
			if !slices.Equal(got, c.want) {
				t.Errorf("violations = %v, want %v", got, c.want)
			}
			if v.Valid != (len(c.want) == 0) {
				t.Errorf("Valid = %v with violations %v", v.Valid, got)
			}
		})
	}
}

func invoice(change map[string]string) Draft {
	d := abroad()
	for k, v := range map[string]string{
		"invoiceNumber": "INV-1", "poNumber": "PO-7", "incoterm": "DAP", "reasonOfExport": "SALE_OF_GOODS_PERMANENT",
		"freightPostage": "4,50", "discountRebate": "0", "duty": "", "vat": "", "tobaccoTax": "",
		"additionalComments": "", "declarationStatement": "",
	} {
		d = with(d, k, v)
	}
	for k, v := range change {
		d = with(d, k, v)
	}
	return d
}

func TestViolationAttributes(t *testing.T) {
	r := testRules()
	v := Validate(with(domestic(), "name", strings.Repeat("x", 40)), r)
	if got := v.Fields["name"].Violations[0].Attributes["max"]; got != "35" {
		t.Errorf("maxLength max = %q", got)
	}
	v = Validate(with(domestic(), "product", "EPAQELT"), r)
	if a := v.Fields["product"].Violations[0].Attributes; a["product"] != "EPAQELT" || a["service"] != "CUP" {
		t.Errorf("notAvailable attributes = %v", a)
	}
	v = Validate(withLine(with(with(abroad(), "isoCountry", "GB"), "postalcode", "SW1A 1AA"), "quantity", "20"), r)
	if a := v.Fields["sellerEORI"].Violations[0].Attributes; a["threshold"] != "150" || a["country"] != "GB" {
		t.Errorf("eoriRequired attributes = %v", a)
	}
	v = Validate(with(domestic(), "options", "SIGN|FRAGILE"), r)
	if a := v.Fields["options"].Violations[0].Attributes; a["code"] != "FRAGILE" {
		t.Errorf("unknownCode attributes = %v", a)
	}
	v = Validate(with(domestic(), "postalcode", "1"), r)
	if a := v.Fields["postalcode"].Violations[0].Attributes; a["country"] != "DE" {
		t.Errorf("postalCode attributes = %v", a)
	}
}

func TestValuesAreTrimmedAndEveryFieldIsPresent(t *testing.T) {
	v := Validate(with(domestic(), "city", "  Berlin \t"), testRules())
	if v.Fields["city"].Value != "Berlin" {
		t.Errorf("city = %q", v.Fields["city"].Value)
	}
	for _, f := range Fields {
		if _, ok := v.Fields[f]; !ok {
			t.Errorf("field %s missing", f)
		}
	}
	if _, ok := v.Fields["invoiceNumber"]; ok {
		t.Error("a draft without invoice columns gets none")
	}
	if v := Validate(invoice(nil), testRules()); len(v.Fields) != len(Fields)+len(InvoiceFields) {
		t.Errorf("with invoice columns: %d fields", len(v.Fields))
	}
}

func TestEmptyOrderLinesAreNoOrderLines(t *testing.T) {
	d := abroad()
	d.OrderLines = append(d.OrderLines, map[string]string{"description": " ", "quantity": ""})
	if v := Validate(d, testRules()); len(v.OrderLines) != 1 || !v.Valid {
		t.Fatalf("order lines = %d, valid = %v", len(v.OrderLines), v.Valid)
	}
}

// TestMandatoryOrderLineRoundTrip: the empty line that marks missing order
// lines is not stored as an order line, so validating the edited row again
// gives the same verdict.
func TestMandatoryOrderLineRoundTrip(t *testing.T) {
	d := abroad()
	d.OrderLines = nil
	v := Validate(d, testRules())
	if v.Valid || len(v.OrderLines) != 1 {
		t.Fatalf("valid = %v, lines = %d", v.Valid, len(v.OrderLines))
	}
	back := v.Draft()
	if len(back.OrderLines) != 0 {
		t.Fatalf("draft has %d order lines", len(back.OrderLines))
	}
	again := Validate(back, testRules())
	if !slices.Equal(fieldsWithViolations(again), fieldsWithViolations(v)) {
		t.Errorf("second validation %v differs from %v", fieldsWithViolations(again), fieldsWithViolations(v))
	}
}

func TestNeedsCustoms(t *testing.T) {
	r := testRules()
	for _, c := range []struct {
		hub, country, postal string
		want                 bool
	}{
		{"DE", "DE", "10115", false},
		{"DE", "CH", "8001", true},
		{"DE", "ES", "38001", true},
		{"CH", "CH", "8001", false},
		{"CH", "US", "10001", true},
	} {
		r.HubCountry = c.hub
		if got := r.NeedsCustoms(c.country, c.postal); got != c.want {
			t.Errorf("hub %s to %s %s: %v, want %v", c.hub, c.country, c.postal, got, c.want)
		}
	}
}

func TestCountryAndCurrencyLists(t *testing.T) {
	if len(countries) != 249 {
		t.Errorf("%d country codes, ISO 3166-1 assigns 249", len(countries))
	}
	for _, c := range []string{"DE", "gb", "XK0"} {
		if IsCountry(c) != (c != "XK0") {
			t.Errorf("IsCountry(%q)", c)
		}
	}
	if !IsCurrency("eur") || !IsCurrency("CHF") || IsCurrency("EURO") || IsCurrency("ABC") {
		t.Error("currency list")
	}
}

func TestParseNumber(t *testing.T) {
	for in, want := range map[string]float64{"1": 1, "1,5": 1.5, "1.5": 1.5, "0,001": 0.001, "-2": -2} {
		if got, ok := parseNumber(in); !ok || got != want {
			t.Errorf("parseNumber(%q) = %v, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", ",5", "5,", "1.2.3", "1,2.3", "1e3", "0x10", "+1", "-", "1 000", "NaN", "Inf"} {
		if _, ok := parseNumber(in); ok {
			t.Errorf("parseNumber(%q) accepted", in)
		}
	}
}
