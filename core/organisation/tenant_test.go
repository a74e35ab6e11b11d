package organisation

import (
	"testing"

	"parcelportal/core/failure"
)

func hub(name string, def bool) Hub {
	return Hub{Name: name, Address: Address{Street: "Hafenstr. 1", ZipCode: "20457", City: "Hamburg", CountryCode: "DE"}, IsDefault: def}
}

func defaults(hubs []Hub) []bool {
	out := make([]bool, len(hubs))
	for i, h := range hubs {
		out[i] = h.IsDefault
	}
	return out
}

func TestNewTenantHasOneDefaultHubInGermany(t *testing.T) {
	tn := NewTenant()
	if len(tn.Hubs) != 1 || !tn.Hubs[0].IsDefault || tn.Hubs[0].CountryCode != "DE" {
		t.Fatalf("NewTenant() hubs = %+v", tn.Hubs)
	}
}

func TestAddHubAppendsEmptyHub(t *testing.T) {
	in := []Hub{hub("A", true)}
	out := AddHub(in)
	if len(out) != 2 || out[1] != NewHub() || out[1].IsDefault || len(in) != 1 {
		t.Fatalf("AddHub = %+v (input %d)", out, len(in))
	}
}

func TestDeleteHub(t *testing.T) {
	three := []Hub{hub("A", false), hub("B", true), hub("C", false)}
	tests := []struct {
		name     string
		hubs     []Hub
		index    int
		wantKey  string
		want     []string
		defaults []bool
	}{
		{"middle default goes, first becomes default", three, 1, "", []string{"A", "C"}, []bool{true, false}},
		{"last non-default", three, 2, "", []string{"A", "B"}, []bool{false, true}},
		{"the only hub stays", []Hub{hub("A", true)}, 0, KeyNeedsOneHub, []string{"A"}, []bool{true}},
		{"index below range", three, -1, KeyHubIndex, []string{"A", "B", "C"}, []bool{false, true, false}},
		{"index above range", three, 3, KeyHubIndex, []string{"A", "B", "C"}, []bool{false, true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := DeleteHub(tt.hubs, tt.index)
			if tt.wantKey == "" && err != nil || tt.wantKey != "" && !failure.HasKey(err, tt.wantKey) {
				t.Fatalf("err = %v, want key %q", err, tt.wantKey)
			}
			var names []string
			for _, h := range out {
				names = append(names, h.Name)
			}
			if len(names) != len(tt.want) {
				t.Fatalf("hubs = %v, want %v", names, tt.want)
			}
			for i := range names {
				if names[i] != tt.want[i] || out[i].IsDefault != tt.defaults[i] {
					t.Fatalf("hubs = %v defaults %v, want %v %v", names, defaults(out), tt.want, tt.defaults)
				}
			}
		})
	}
	if !three[1].IsDefault {
		t.Fatal("DeleteHub changed its input")
	}
}

func TestCanDeleteHub(t *testing.T) {
	for n, want := range map[int]bool{0: false, 1: false, 2: true, 3: true} {
		if got := CanDeleteHub(make([]Hub, n)); got != want {
			t.Errorf("CanDeleteHub(%d hubs) = %v", n, got)
		}
	}
}

func TestSetDefaultHubMarksExactlyOne(t *testing.T) {
	tests := []struct {
		in    []Hub
		index int
		want  []bool
	}{
		{[]Hub{hub("A", true), hub("B", false)}, 1, []bool{false, true}},
		{[]Hub{hub("A", true), hub("B", true), hub("C", false)}, 2, []bool{false, false, true}},
		{[]Hub{hub("A", false)}, 0, []bool{true}},
	}
	for _, tt := range tests {
		got := defaults(SetDefaultHub(tt.in, tt.index))
		for i := range got {
			if got[i] != tt.want[i] {
				t.Fatalf("SetDefaultHub(%d) = %v, want %v", tt.index, got, tt.want)
			}
		}
	}
}

func validTenant() Tenant {
	return Tenant{Subsidiary: "Parcel Portal Germany", Name: "PP-DE", ServiceEmail: "service@example.com",
		SelfRegistrationEmails: []string{"a@example.com"}, Hubs: []Hub{hub("Frankfurt", true), hub("Hamburg", false)}}
}

func TestValidateTenant(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(*Tenant)
		fields  []string
		wantKey string
	}{
		{"valid", func(*Tenant) {}, nil, ""},
		{"subsidiary and name required", func(t *Tenant) { t.Subsidiary, t.Name = "", "" }, []string{"name", "subsidiary"}, ""},
		{"service email invalid", func(t *Tenant) { t.ServiceEmail = "nope" }, []string{"serviceEmail"}, ""},
		{"marketing list entry invalid", func(t *Tenant) { t.MarketingEmails = []string{"ok@example.com", "bad@"} }, []string{"marketingEmails[1]"}, ""},
		{"hub address required", func(t *Tenant) { t.Hubs[1] = NewHub() }, []string{"hubs[1].city", "hubs[1].name", "hubs[1].street", "hubs[1].zipCode"}, ""},
		{"hub email invalid", func(t *Tenant) { t.Hubs[0].EmailAddress = "x y@z" }, []string{"hubs[0].emailAddress"}, ""},
		{"hub country two letters", func(t *Tenant) { t.Hubs[0].CountryCode = "DEU" }, []string{"hubs[0].countryCode"}, ""},
		{"no hub", func(t *Tenant) { t.Hubs = nil }, nil, KeyNeedsOneHub},
		{"no default", func(t *Tenant) { t.Hubs[0].IsDefault = false }, nil, KeyOneDefaultHub},
		{"two defaults", func(t *Tenant) { t.Hubs[1].IsDefault = true }, nil, KeyOneDefaultHub},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tn := validTenant()
			tn.Hubs = append([]Hub(nil), tn.Hubs...)
			tt.edit(&tn)
			err := ValidateTenant(tn.Normalize())
			switch {
			case tt.fields == nil && tt.wantKey == "":
				if err != nil {
					t.Fatalf("err = %v", err)
				}
			case tt.wantKey != "":
				if !failure.HasKey(err, tt.wantKey) {
					t.Fatalf("err = %v, want %s", err, tt.wantKey)
				}
			default:
				f, ok := failure.As(err)
				if !ok || len(f.Fields) != len(tt.fields) {
					t.Fatalf("err = %v, want fields %v", err, tt.fields)
				}
				for i, v := range f.Fields {
					if v.Field != tt.fields[i] || v.Object != "tenant" {
						t.Fatalf("fields = %v, want %v", f.Fields, tt.fields)
					}
				}
			}
		})
	}
}

func TestNormalizeTenant(t *testing.T) {
	tn := Tenant{Subsidiary: " S ", SelfRegistrationEmails: []string{" a@b.de ", ""}, Hubs: []Hub{{Name: " H ", Address: Address{CountryCode: "nl"}}, {}}}
	n := tn.Normalize()
	if n.Subsidiary != "S" || len(n.SelfRegistrationEmails) != 1 || n.SelfRegistrationEmails[0] != "a@b.de" ||
		n.Hubs[0].Name != "H" || n.Hubs[0].CountryCode != "NL" || n.Hubs[1].CountryCode != "DE" {
		t.Fatalf("Normalize() = %+v", n)
	}
}

func TestParseCredentialType(t *testing.T) {
	for in, want := range map[string]CredentialType{"a1": CredentialA1, "A1": CredentialA1, "grp": CredentialGRP} {
		if got, err := ParseCredentialType(in); err != nil || got != want {
			t.Errorf("ParseCredentialType(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseCredentialType("soap"); !failure.HasKey(err, KeyCredentialType) {
		t.Errorf("ParseCredentialType(soap) err = %v", err)
	}
	c := Credentials{Username: "u", Password: "p", APIKey: "k"}
	if c.ForCheck(CredentialGRP).APIKey != "" || c.ForCheck(CredentialA1).APIKey != "k" {
		t.Error("the API key counts only for a1")
	}
}
