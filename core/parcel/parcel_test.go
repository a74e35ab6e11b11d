package parcel

import (
	"slices"
	"strings"
	"testing"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

func TestParseQuery(t *testing.T) {
	q, err := ParseQuery(7, "", "", "A1", 0, 0, false)
	if err != nil || q.Manifest != AllManifests || q.Source != "" || q.APIClient != "" || q.Size != DefaultPage {
		t.Fatalf("defaults = %+v, %v", q, err)
	}
	q, err = ParseQuery(7, "not_manifested", "API_PARCEL", "a1", 2, 10, true)
	if err != nil || q.Manifest != NotManifested || q.Source != APIParcel || q.APIClient != "A1" || q.Page != 2 {
		t.Fatalf("admin query = %+v, %v", q, err)
	}
	for _, c := range []struct {
		manifest, source string
		page, size       int
		key              string
	}{
		{"SOME", "", 0, 0, KeyFilter}, {"", "BATCH", 0, 0, KeyFilter},
		{"", "", 0, 9, KeyPage}, {"", "", 0, 1001, KeyPage}, {"", "", -1, 10, KeyPage},
	} {
		if _, err := ParseQuery(7, c.manifest, c.source, "", c.page, c.size, false); !failure.HasKey(err, c.key) {
			t.Errorf("%+v = %v, want %s", c, err, c.key)
		}
	}
}

func TestWhatMayBeDone(t *testing.T) {
	own := Parcel{APIClient: "SHIPPING"}
	if !own.Selectable("SHIPPING") || own.Selectable("A1") || !own.Editable() || !own.Deletable() {
		t.Fatalf("own parcel: %+v", own)
	}
	if agg := (Parcel{APIClient: AggregatorAPIClient}); !agg.Selectable("A1") {
		t.Fatal("the aggregator's parcel is selectable for every customer")
	}
	in := Parcel{APIClient: "SHIPPING", BatchID: 4, BatchStatus: ManifestCreating}
	if in.Selectable("SHIPPING") || in.Editable() || in.Deletable() || in.ManifestID() != 0 || in.Status() != ManifestCreating {
		t.Fatalf("manifesting parcel: %+v", in)
	}
	in.BatchStatus = ManifestCreated
	if in.ManifestID() != 4 {
		t.Fatalf("manifest id = %d", in.ManifestID())
	}
	if SourceFor(&access.Caller{Roles: []access.Role{access.API, access.User}}) != APIParcel ||
		SourceFor(&access.Caller{Roles: []access.Role{access.User}}) != IndividualParcel {
		t.Fatal("sources")
	}
	if Reference(12, 3) != "p12-a3" {
		t.Fatal(Reference(12, 3))
	}
}

func TestLabelTypeAndPhone(t *testing.T) {
	if lt, err := CheckLabelType("", ""); err != nil || lt != "PDF" {
		t.Fatalf("default = %q, %v", lt, err)
	}
	if lt, _ := CheckLabelType("", "Zebra"); lt != "Zebra" {
		t.Fatalf("customer default = %q", lt)
	}
	if lt, err := CheckLabelType("Zebra300", ""); err != nil || lt != "Zebra300" {
		t.Fatalf("Zebra300 = %q, %v", lt, err)
	}
	if _, err := CheckLabelType("Zebra600", ""); !failure.HasKey(err, KeyLabelType) {
		t.Fatalf("Zebra600 = %v", err)
	}
	v := Validate(shipment.Draft{Fields: map[string]string{}}, " "+strings.Repeat("1", 36)+" ", shipment.Rules{})
	if v.Valid || v.Fields[shipment.PhoneField].Violations[0].Key != shipment.KeyMaxLength || v.Fields[shipment.PhoneField].Value != strings.Repeat("1", 36) {
		t.Fatalf("long phone = %+v", v.Fields[shipment.PhoneField])
	}
}

// The form's phone has the rules of a CSV row's mobile and of an address
// book's phone, one rule in core/shipment (CheckPhone): a parcel's receiver
// the form accepts is one the address book takes (addAddressToAddressBook),
// and an entry makes a valid parcel.
func TestThePhoneIsOneRule(t *testing.T) {
	keys := func(vs []shipment.Violation) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.Key)
		}
		return out
	}
	for _, phone := range []string{"+49 30 1234567", "(030) 123-45/67", "ask at the desk", "12", strings.Repeat("1", 20), strings.Repeat("1", 21)} {
		form := keys(Validate(shipment.Draft{Fields: map[string]string{}}, phone, shipment.Rules{}).Fields[shipment.PhoneField].Violations)
		mobile := keys(shipment.Validate(shipment.Draft{Fields: map[string]string{"mobile": phone}}, shipment.Rules{}).Fields["mobile"].Violations)
		var book []string
		for _, v := range addressbook.Validate(addressbook.Address{Name: "A", Street: "S", PostalCode: "10115", City: "Berlin", IsoCountry: "DE", Phone: phone}) {
			book = append(book, v.Key)
		}
		if !slices.Equal(form, mobile) || !slices.Equal(form, book) {
			t.Errorf("phone %q: form %v, mobile %v, address book %v", phone, form, mobile, book)
		}
		if want := len(phone) > 20 || phone == "ask at the desk" || phone == "12"; want != (len(form) > 0) {
			t.Errorf("phone %q refused: %v", phone, form)
		}
	}
}
