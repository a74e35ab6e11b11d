package demo_test

import (
	"os"
	"slices"
	"testing"

	"parcelportal/app/demo"
	"parcelportal/core/batchcsv"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/customer"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// rulesOf are the validation rules of a demo customer, as the portal
// gathers them (its hub is in Germany).
func rulesOf(t *testing.T, crmid string) shipment.Rules {
	t.Helper()
	for _, c := range demo.DemoOrganisation().Customers {
		if c.CRMID == crmid {
			return shipment.RulesFor(customer.Customer{
				APIClient: c.APIClient, AvailableFeatures: c.Features, EORICountryThresholds: c.EORIThresholds,
			}, "DE", reference.Standard())
		}
	}
	t.Fatalf("no demo customer %s", crmid)
	return shipment.Rules{}
}

func validateFile(t *testing.T, data []byte, rules shipment.Rules) []shipment.Validated {
	t.Helper()
	drafts, err := batchcsv.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]shipment.Validated, len(drafts))
	for i, d := range drafts {
		out[i] = shipment.Validate(d, rules)
	}
	return out
}

func testdataFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../../testdata/batches/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// invalidFields lists the fields of a row with violations, order-line fields as "line1.name".
func invalidFields(v shipment.Validated) []string {
	var out []string
	for name, f := range v.Fields {
		if len(f.Violations) > 0 {
			out = append(out, name)
		}
	}
	for i, l := range v.OrderLines {
		for name, f := range l {
			if len(f.Violations) > 0 {
				out = append(out, "line"+string(rune('1'+i))+"."+name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestTestdataFitsTheBakery: the test files and the template are written for
// the main demo customer; a change of its contract or of the rules that
// breaks them shows here, not in a browser test.
func TestTestdataFitsTheBakery(t *testing.T) {
	rules := rulesOf(t, demo.BakeryCRMID)
	files := map[string][]byte{
		"valid.csv": testdataFile(t, "valid.csv"), "comma.csv": testdataFile(t, "comma.csv"),
		"windows1252.csv": testdataFile(t, "windows1252.csv"), "template": demo.DemoCSVTemplate().Content,
		"generated": batchcsvtest.Generate(20),
	}
	for name, data := range files {
		for i, v := range validateFile(t, data, rules) {
			if !v.Valid {
				t.Errorf("%s row %d: invalid fields %v", name, i+1, invalidFields(v))
			}
		}
	}
}

// TestMixedFile: mixed.csv has valid rows and rows with one problem each;
// row 2 becomes valid by fixing its postal code alone.
func TestMixedFile(t *testing.T) {
	rules := rulesOf(t, demo.BakeryCRMID)
	rows := validateFile(t, testdataFile(t, "mixed.csv"), rules)
	want := [][]string{
		nil,
		{"postalcode"},
		{"city"},
		nil,
		{"content", "line1.description", "line1.hstarifnumber", "line1.origincountry", "line1.quantity", "line1.value", "line1.weight"},
		{"product"},
		{"product"},
		{"weight"},
		nil,
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, v := range rows {
		if got := invalidFields(v); !slices.Equal(got, want[i]) {
			t.Errorf("row %d: invalid fields %v, want %v", i+1, got, want[i])
		}
	}
	fixed := rows[1].Draft()
	fixed.Fields["postalcode"] = "10117"
	if v := shipment.Validate(fixed, rules); !v.Valid {
		t.Errorf("row 2 with postal code 10117: %v", invalidFields(v))
	}
}

// TestContractsDiffer: EPAQGO is for the A1 bookshop only.
func TestContractsDiffer(t *testing.T) {
	data := []byte("name;street;postalcode;city;isoCountry;referencenumber;weight;product;service;options\n" +
		"Erika Mustermann;Hauptstraße 5;10115;Berlin;DE;GO-1;0,5;EPAQGO;CUP;SGD\n")
	if v := validateFile(t, data, rulesOf(t, demo.BooksCRMID))[0]; !v.Valid {
		t.Errorf("bookshop: %v", invalidFields(v))
	}
	if v := validateFile(t, data, rulesOf(t, demo.BakeryCRMID))[0]; v.Valid {
		t.Error("the bakery ships through SHIPPING and may not use EPAQGO")
	}
}
