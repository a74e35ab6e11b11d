package account

import (
	"strings"
	"testing"

	"parcelportal/core/failure"
	"parcelportal/core/password"
)

func valid() Registration {
	return Registration{Login: "anna.b", Email: "anna@example.org", Password: "s3cret!", CRMID: "de12345678", LangKey: "de"}
}

func TestRegistrationValidate(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Registration)
		want   map[string]string // field → rule; empty means valid
	}{
		{"valid", func(*Registration) {}, nil},
		{"every symbol the spec allows", func(r *Registration) { r.Login = "a!$&*+=?^_`{|}~.-z" }, nil},
		{"empty login", func(r *Registration) { r.Login = "" }, map[string]string{"login": RuleRequired}},
		{"login with space", func(r *Registration) { r.Login = "anna b" }, map[string]string{"login": RulePattern}},
		{"login with at sign", func(r *Registration) { r.Login = "anna@b" }, map[string]string{"login": RulePattern}},
		{"login of 50", func(r *Registration) { r.Login = strings.Repeat("a", 50) }, nil},
		{"login of 51", func(r *Registration) { r.Login = strings.Repeat("a", 51) }, map[string]string{"login": RuleSize}},
		{"email too short", func(r *Registration) { r.Email = "a@b." }, map[string]string{"email": RuleSize}},
		{"email without domain", func(r *Registration) { r.Email = "anna@example" }, map[string]string{"email": RuleEmail}},
		{"email of 255", func(r *Registration) { r.Email = strings.Repeat("a", 243) + "@example.org" }, map[string]string{"email": RuleSize}},
		{"password of 3", func(r *Registration) { r.Password = "abc" }, map[string]string{"password": RuleSize}},
		{"password of 4", func(r *Registration) { r.Password = "abcd" }, nil},
		{"password of 51", func(r *Registration) { r.Password = strings.Repeat("x", 51) }, map[string]string{"password": RuleSize}},
		{"crm id lower case", func(r *Registration) { r.CRMID = "nl00000001" }, nil},
		{"crm id unknown prefix", func(r *Registration) { r.CRMID = "FR12345678" }, map[string]string{"crmId": RulePattern}},
		{"crm id seven digits", func(r *Registration) { r.CRMID = "DE1234567" }, map[string]string{"crmId": RulePattern}},
		{"crm id missing", func(r *Registration) { r.CRMID = "" }, map[string]string{"crmId": RuleRequired}},
		{"unknown language", func(r *Registration) { r.LangKey = "fr" }, map[string]string{"langKey": RulePattern}},
		{"overlong reason", func(r *Registration) { r.RequestReason = strings.Repeat("x", 1001) }, map[string]string{"requestReason": RuleSize}},
		{"everything wrong at once", func(r *Registration) { *r = Registration{LangKey: "xx"} },
			map[string]string{"login": RuleRequired, "email": RuleRequired, "password": RuleRequired, "crmId": RuleRequired, "langKey": RulePattern}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := valid()
			c.change(&r)
			err := r.Validate(password.MaxLength)
			got := map[string]string{}
			if f, ok := failure.As(err); ok {
				for _, v := range f.Fields {
					got[v.Field] = v.Rule
					if v.Object != "registration" {
						t.Errorf("object = %q", v.Object)
					}
				}
			} else if err != nil {
				t.Fatalf("unexpected error type %T", err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("violations = %v, want %v", got, c.want)
			}
			for field, rule := range c.want {
				if got[field] != rule {
					t.Errorf("%s: rule %q, want %q", field, got[field], rule)
				}
			}
		})
	}
}

func TestNormalized(t *testing.T) {
	r := Registration{Login: " Anna.B\t", Email: "ANNA@Example.org\u00a0", CRMID: " de12345678 "}.Normalized()
	if r.Login != "anna.b" || r.Email != "anna@example.org" || r.CRMID != "DE12345678" || r.LangKey != DefaultLocale {
		t.Fatalf("Normalized() = %+v", r)
	}
}
