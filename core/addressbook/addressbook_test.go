package addressbook

import (
	"strconv"
	"strings"
	"testing"

	"parcelportal/core/csvtext"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

func valid() Address {
	return Address{Name: "Heidi Muster", Street: "Bahnhofstrasse", No: "12", PostalCode: "8001", City: "Zürich", IsoCountry: "ch"}
}

func TestCheckNormalizesAndNamesEachField(t *testing.T) {
	a, err := Check(Address{Name: "  Heidi ", Street: "x", PostalCode: "8001", City: "Zürich", IsoCountry: " ch "})
	if err != nil || a.Name != "Heidi" || a.IsoCountry != "CH" {
		t.Fatalf("Check = %+v, %v", a, err)
	}
	_, err = Check(Address{Email: "nope", Phone: "x", Name: strings.Repeat("n", 36)})
	f, ok := failure.As(err)
	if !ok || f.Key != "error.validation" {
		t.Fatalf("Check of a bad address = %v", err)
	}
	got := map[string]string{}
	for _, v := range f.Fields {
		got[v.Field] = v.Rule
	}
	want := map[string]string{
		"name": shipment.KeyMaxLength, "street": KeyNotEmpty, "postalcode": KeyNotEmpty, "city": KeyNotEmpty,
		"isoCountry": KeyNotEmpty, "email": shipment.KeyEmail, "phone": shipment.KeyPhone,
	}
	if len(got) != len(want) {
		t.Fatalf("fields = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}

func TestValidateCountryAndPostalCode(t *testing.T) {
	a := valid()
	a.IsoCountry = "XX"
	if vs := Validate(a.Normalized()); len(vs) != 1 || vs[0].Field != "isoCountry" || vs[0].Key != shipment.KeyCountry {
		t.Fatalf("unknown country: %+v", vs)
	}
	a = valid()
	a.PostalCode = "ABCDEFG"
	if vs := Validate(a.Normalized()); len(vs) != 1 || vs[0].Key != shipment.KeyPostalCode || vs[0].Params["country"] != "CH" {
		t.Fatalf("postal code: %+v", vs)
	}
}

func TestFingerprintIgnoresCaseAndSpace(t *testing.T) {
	a, b := valid(), valid()
	b.Name, b.City = " heidi muster", "ZÜRICH "
	if a.Fingerprint() != b.Fingerprint() {
		t.Fatal("the same recipient in other letter case has another fingerprint")
	}
	b.No = "13"
	if a.Fingerprint() == b.Fingerprint() {
		t.Fatal("another house number has the same fingerprint")
	}
}

func TestReadWriteRoundTrip(t *testing.T) {
	a := valid().Normalized()
	a.Mobile, a.Phone, a.Contact = "+41 79 123 45 67", "=1+1", "Empfang; 2. OG"
	data := Write([]Address{a})
	if !strings.HasPrefix(string(data), csvtext.BOM+"recipientNumber;name;") {
		t.Fatalf("export starts %q", data[:40])
	}
	rows, err := Read(data)
	if err != nil || len(rows) != 1 || rows[0].Address != a || rows[0].Line != 2 {
		t.Fatalf("Read = %+v, %v", rows, err)
	}
}

func TestReadWindows1252CommaAnyCase(t *testing.T) {
	data := []byte("NAME,Street,postalCode,city,ISOCOUNTRY\r\nB\xe4ckerei,Weg 1,60311,Frankfurt,de\r\n,,,,\r\n")
	rows, err := Read(data)
	if err != nil || len(rows) != 1 || rows[0].Name != "Bäckerei" || rows[0].IsoCountry != "DE" {
		t.Fatalf("Read = %+v, %v", rows, err)
	}
}

func TestReadRefusesUnreadableFiles(t *testing.T) {
	for name, c := range map[string]struct {
		data, key string
	}{
		"empty":          {"  \n", csvtext.KeyEmpty},
		"header only":    {"name;street\n", csvtext.KeyHeaderOnly},
		"binary":         {"name\x00;x", csvtext.KeyBinary},
		"tabs":           {"name\tstreet\nx\ty\n", csvtext.KeyDelimiter},
		"broken quotes":  {"name;street\n\"x;y\n", csvtext.KeyBrokenQuotes},
		"unknown column": {"name;colour\nx;red\n", KeyUnknownColumns},
		"duplicate":      {"name;NAME\nx;y\n", KeyDuplicateColumns},
		"row too long":   {"name;street\nx;y;z\n", "error.csv.rowTooLong"},
	} {
		if _, err := Read([]byte(c.data)); !failure.HasKey(err, c.key) {
			t.Errorf("%s: %v, want %s", name, err, c.key)
		}
	}
}

func TestReadRefusesMoreThanMaxRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("name;street;postalcode;city;isoCountry\n")
	for i := 0; i <= MaxImportRows; i++ {
		b.WriteString("N" + strconv.Itoa(i) + ";S;60311;F;DE\n")
	}
	_, err := Read([]byte(b.String()))
	f, ok := failure.As(err)
	if !ok || f.Key != KeyTooManyRows || f.Params["rows"] != "10001" || f.Params["maxRows"] != "10000" {
		t.Fatalf("Read of 10,001 rows = %v", err)
	}
}

func TestValidateRowsNamesRowsAndFields(t *testing.T) {
	rows, err := Read([]byte("name;street;postalcode;city;isoCountry\nA;S;60311;F;DE\n;S;60311;F;DE\nC;S;60311;F;XX\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, ok := failure.As(ValidateRows(rows))
	if !ok || f.Key != KeyValidationErrors || f.Params["rows"] != "3, 4" || f.Params["count"] != "2" || len(f.Fields) != 2 {
		t.Fatalf("ValidateRows = %+v", f)
	}
	if f.Fields[0] != (failure.FieldViolation{Object: "row 3", Field: "name", Rule: KeyNotEmpty}) ||
		f.Fields[1] != (failure.FieldViolation{Object: "row 4", Field: "isoCountry", Rule: shipment.KeyCountry}) {
		t.Fatalf("fields = %+v", f.Fields)
	}
	if err := ValidateRows(rows[:1]); err != nil {
		t.Fatal(err)
	}
}

func TestDistinctKeepsFirst(t *testing.T) {
	a, b := valid(), valid()
	b.Name = "HEIDI MUSTER"
	rows := Distinct([]Row{{Line: 2, Address: a}, {Line: 3, Address: b}, {Line: 4, Address: Address{Name: "other"}}})
	if len(rows) != 2 || rows[0].Line != 2 || rows[1].Line != 4 {
		t.Fatalf("Distinct = %+v", rows)
	}
}

func TestTemplateImports(t *testing.T) {
	rows, err := Read(Template())
	if err != nil || len(rows) != 2 || ValidateRows(rows) != nil {
		t.Fatalf("the template does not import: %+v, %v, %v", rows, err, ValidateRows(rows))
	}
}

func TestFromFieldsTakesTheReceiver(t *testing.T) {
	a := FromFields(map[string]string{
		"name": "Heidi", "contact": "Empfang", "street": "Weg", "no": "1", "street2": "a", "street3": "b", "postalcode": "8001",
		"city": "Zürich", "region": "ZH", "isoCountry": "CH", "email": "h@example.ch", "mobile": "+41 79 1",
		"referencenumber": "R-1", "weight": "1", "recipientNumber": "not a parcel field",
	}, "044 1")
	want := Address{Name: "Heidi", Contact: "Empfang", Street: "Weg", No: "1", Street2: "a", Street3: "b", PostalCode: "8001",
		City: "Zürich", Region: "ZH", IsoCountry: "CH", Email: "h@example.ch", Mobile: "+41 79 1", Phone: "044 1"}
	if a != want {
		t.Fatalf("FromFields = %+v", a)
	}
}
