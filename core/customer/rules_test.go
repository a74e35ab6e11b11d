package customer

import (
	"slices"
	"strings"
	"testing"

	"parcelportal/core/failure"
)

func validCustomer() Customer {
	c := New(7)
	c.Name = "Acme"
	c.CRMID = "DE12345678"
	c.APIUsername = "acme-api"
	return c
}

func TestNewHasSpecDefaults(t *testing.T) {
	c := New(7)
	if c.Language != "en" || c.LabelType != "PDF" || c.APIClient != "SHIPPING" || c.HubID != 7 || c.Currency != "EUR" {
		t.Fatalf("defaults = %+v", c)
	}
	var empty Customer
	empty.ApplyDefaults(3)
	if empty.HubID != 3 || empty.Language != "en" || empty.LabelType != "PDF" || empty.APIClient != "SHIPPING" {
		t.Fatalf("ApplyDefaults = %+v", empty)
	}
	kept := Customer{HubID: 9, Language: "de", LabelType: LabelZebra, APIClient: ClientA1}
	kept.ApplyDefaults(3)
	if kept.HubID != 9 || kept.Language != "de" || kept.LabelType != LabelZebra || kept.APIClient != ClientA1 {
		t.Fatalf("ApplyDefaults overwrote choices: %+v", kept)
	}
}

func TestLabelTypeNames(t *testing.T) {
	if LabelTypeShown(LabelZebra) != "ZPL" || LabelTypeShown(LabelPDF) != "PDF" {
		t.Fatal("Zebra is shown as ZPL")
	}
	for in, want := range map[string]string{"": "PDF", "PDF": "PDF", "ZPL": "Zebra", "Zebra": "Zebra"} {
		if got, ok := ParseLabelType(in); !ok || got != want {
			t.Errorf("ParseLabelType(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseLabelType("PNG"); ok {
		t.Error("PNG is no label type")
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name   string
		admin  bool
		change func(*Customer)
		want   map[string]string
	}{
		{"valid", true, func(*Customer) {}, nil},
		{"name required", true, func(c *Customer) { c.Name = " " }, map[string]string{"name": RuleRequired}},
		{"crmid required for admins", true, func(c *Customer) { c.CRMID = "" }, map[string]string{"crmid": RuleRequired}},
		{"crmid not required for others", false, func(c *Customer) { c.CRMID = "" }, nil},
		{"crmid pattern", true, func(c *Customer) { c.CRMID = "FR12345678" }, map[string]string{"crmid": RulePattern}},
		{"crmid lower case", true, func(c *Customer) { c.CRMID = "at12345678" }, nil},
		{"apiUsername required for admins", true, func(c *Customer) { c.APIUsername = "" }, map[string]string{"apiUsername": RuleRequired}},
		{"apiUsername not required for others", false, func(c *Customer) { c.APIUsername = "" }, nil},
		{"cognito secret of 100", true, func(c *Customer) { c.Credentials.CognitoClientSecret = strings.Repeat("s", 100) }, nil},
		{"cognito secret of 101", true, func(c *Customer) { c.Credentials.CognitoClientSecret = strings.Repeat("s", 101) }, map[string]string{"cognitoClientSecret": RuleSize}},
		{"label type", true, func(c *Customer) { c.LabelType = "PNG" }, map[string]string{"labelType": RulePattern}},
		{"api client", true, func(c *Customer) { c.APIClient = "B2" }, map[string]string{"apiClient": RulePattern}},
		{"fulltrack version", true, func(c *Customer) { c.FulltrackVersion = "V2" }, map[string]string{"fulltrackVersion": RulePattern}},
		{"language", true, func(c *Customer) { c.Language = "fr" }, map[string]string{"language": RulePattern}},
		{"manifest e-mail", true, func(c *Customer) { c.ManifestEmails = []string{"ops@example.org", "nope-at-all"} }, map[string]string{"manifestEmails[1]": "email"}},
		{"auto-manifest complete", true, func(c *Customer) {
			c.AutoManifest = AutoManifest{Active: true, Time: "17:30", Days: []string{"MONDAY"}}
		}, nil},
		{"auto-manifest without time", true, func(c *Customer) { c.AutoManifest = AutoManifest{Active: true, Days: []string{"MONDAY"}} }, map[string]string{"autoManifestDayTime.time": RuleRequired}},
		{"auto-manifest bad time", true, func(c *Customer) {
			c.AutoManifest = AutoManifest{Active: true, Time: "24:00", Days: []string{"MONDAY"}}
		}, map[string]string{"autoManifestDayTime.time": RulePattern}},
		{"auto-manifest without days", true, func(c *Customer) { c.AutoManifest = AutoManifest{Active: true, Time: "08:00"} }, map[string]string{"autoManifestDayTime.days": RuleRequired}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := validCustomer()
			tc.change(&c)
			err := Validate(c, tc.admin)
			got := map[string]string{}
			if err != nil {
				f, ok := failure.As(err)
				if !ok || f.Kind != failure.Invalid {
					t.Fatalf("err = %v", err)
				}
				for _, v := range f.Fields {
					got[v.Field] = v.Rule
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("violations = %v, want %v", got, tc.want)
			}
			for f, r := range tc.want {
				if got[f] != r {
					t.Fatalf("violations = %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestAutoManifestTransitions(t *testing.T) {
	full := AutoManifest{Active: true, Time: "17:00", Days: []string{"MONDAY", "FRIDAY"}}
	if got := full.WithActive(false); got.Active || got.Time != "" || len(got.Days) != 0 {
		t.Errorf("unticking active = %+v, want time and days cleared", got)
	}
	if got := full.WithDays(nil); got.Active {
		t.Errorf("removing all days = %+v, want off", got)
	}
	if got := full.WithDays([]string{"SUNDAY", "MONDAY", "HOLIDAY"}); !slices.Equal(got.Days, []string{"MONDAY", "SUNDAY"}) || !got.Active {
		t.Errorf("WithDays = %+v, want weekday order without unknown days", got)
	}
	if got := (AutoManifest{Time: "10:00", Days: []string{"MONDAY"}}).Normalized(); got.Time != "" || got.Days != nil {
		t.Errorf("Normalized inactive = %+v", got)
	}
	cases := []struct {
		a    AutoManifest
		save bool
	}{
		{AutoManifest{}, true},
		{AutoManifest{Active: true}, false},
		{AutoManifest{Active: true, Time: "7:00", Days: []string{"MONDAY"}}, false},
		{AutoManifest{Active: true, Time: "07:00", Days: []string{"MONDAY"}}, true},
		{AutoManifest{Active: true, Time: "23:59", Days: Weekdays}, true},
		{AutoManifest{Active: true, Time: "12:60", Days: []string{"MONDAY"}}, false},
		{AutoManifest{Active: true, Time: "12:00", Days: []string{"MONDAY", "MONDAY"}}, false},
	}
	for _, tc := range cases {
		if got := tc.a.CanSave(); got != tc.save {
			t.Errorf("CanSave(%+v) = %v, want %v", tc.a, got, tc.save)
		}
	}
}

func TestGTCCountry(t *testing.T) {
	for crmid, want := range map[string]bool{
		"DE10000001": true, "AT1": true, "dk12345678": true, "NL1": true, "SE1": true, "BE1": true, "ES1": true, "IT1": true,
		"FR12345678": false, "GB12345678": false, "": false, "D": false,
	} {
		if _, ok := GTCCountry(crmid); ok != want {
			t.Errorf("GTCCountry(%q) supported = %v, want %v", crmid, ok, want)
		}
	}
}

func TestConsentChange(t *testing.T) {
	admin := Actor{Admin: true, CanAct: true, FormRole: true}
	user := Actor{CanAct: true, FormRole: true}
	// A tracking-only login of the customer acts for it but has no role of the customer form.
	tracking := Actor{CanAct: true}
	stranger := Actor{}
	accepted := Consent{Accepted: true, By: "anna"}
	cases := []struct {
		name    string
		kind    ConsentKind
		actor   Actor
		change  func(*Customer)
		accept  bool
		changed bool
		key     string
	}{
		{"user accepts GTC", ConsentGTC, user, nil, true, true, ""},
		{"admin accepts GTC", ConsentGTC, admin, nil, true, true, ""},
		{"accepting again changes nothing", ConsentGTC, user, func(c *Customer) { c.GTC = accepted }, true, false, ""},
		{"user cannot untick accepted GTC", ConsentGTC, user, func(c *Customer) { c.GTC = accepted }, false, false, KeyConsentLocked},
		{"admin unticks accepted GTC", ConsentGTC, admin, func(c *Customer) { c.GTC = accepted }, false, true, ""},
		{"unticking an open GTC changes nothing", ConsentGTC, user, nil, false, false, ""},
		{"stranger sees no customer", ConsentGTC, stranger, nil, true, false, KeyNotFound},
		{"tracking-only login cannot accept GTC", ConsentGTC, tracking, nil, true, false, KeyForbidden},
		{"tracking-only login cannot accept CI pricing", ConsentCIPricing, tracking, func(c *Customer) { c.IsCommercialInvoiceChargeable = true }, true, false, KeyForbidden},
		{"GTC for unsupported country", ConsentGTC, user, func(c *Customer) { c.CRMID = "FR12345678" }, true, false, KeyCountryNotSupported},
		{"GTC country from lower-case crmid", ConsentGTC, user, func(c *Customer) { c.CRMID = "it12345678" }, true, true, ""},
		{"admin unticks GTC of unsupported country", ConsentGTC, admin, func(c *Customer) { c.CRMID = "FR12345678"; c.GTC = accepted }, false, true, ""},
		{"CI pricing for chargeable customer", ConsentCIPricing, user, func(c *Customer) { c.IsCommercialInvoiceChargeable = true }, true, true, ""},
		{"CI pricing not for others", ConsentCIPricing, admin, nil, true, false, KeyNotChargeable},
		{"CI pricing ignores the GTC country", ConsentCIPricing, user, func(c *Customer) { c.IsCommercialInvoiceChargeable = true; c.CRMID = "FR12345678" }, true, true, ""},
		{"user cannot untick CI pricing", ConsentCIPricing, user, func(c *Customer) { c.IsCommercialInvoiceChargeable = true; c.CIPricing = accepted }, false, false, KeyConsentLocked},
		{"admin unticks CI pricing", ConsentCIPricing, admin, func(c *Customer) { c.IsCommercialInvoiceChargeable = true; c.CIPricing = accepted }, false, true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := validCustomer()
			if tc.change != nil {
				tc.change(&c)
			}
			changed, err := ConsentChange(tc.kind, tc.actor, c, tc.accept)
			if changed != tc.changed {
				t.Errorf("changed = %v, want %v", changed, tc.changed)
			}
			if tc.key == "" && err != nil || tc.key != "" && !failure.HasKey(err, tc.key) {
				t.Errorf("err = %v, want key %q", err, tc.key)
			}
		})
	}
	locked := validCustomer()
	locked.GTC = accepted
	if ConsentEditable(ConsentGTC, user, locked) || !ConsentEditable(ConsentGTC, admin, locked) {
		t.Error("an accepted GTC is locked for users only")
	}
}

func TestViewAndMerge(t *testing.T) {
	stored := validCustomer()
	stored.ID = 4
	stored.Credentials = Credentials{APIPassword: "p1", GRPAPIPassword: "g1", A1Username: "a1user"}
	stored.IsCommercialInvoiceChargeable = true
	stored.GTC = Consent{Accepted: true, By: "anna"}

	if v := stored.ViewFor(false); v.Credentials != (Credentials{}) {
		t.Errorf("non-admin view shows credentials: %+v", v.Credentials)
	}
	v := stored.ViewFor(true)
	if v.Credentials.APIPassword != Mask || v.Credentials.GRPAPIPassword != Mask || v.Credentials.A1Username != "a1user" || v.Credentials.TrackingPassword != "" {
		t.Errorf("admin view = %+v, want secrets masked, others clear", v.Credentials)
	}
	if stored.Credentials.APIPassword != "p1" {
		t.Error("masking changed the stored customer")
	}

	edit := v
	edit.Name = "Acme 2"
	edit.CRMID = "NL12345678"
	edit.IsCommercialInvoiceChargeable = false
	edit.Credentials.GRPAPIPassword = "g2"
	edit.GTC = Consent{}
	byAdmin := Merge(stored, edit, true)
	if byAdmin.Credentials.APIPassword != "p1" || byAdmin.Credentials.GRPAPIPassword != "g2" || byAdmin.CRMID != "NL12345678" || byAdmin.IsCommercialInvoiceChargeable {
		t.Errorf("admin merge = %+v", byAdmin)
	}
	if !byAdmin.GTC.Accepted {
		t.Error("consents change only through ConsentChange")
	}

	userEdit := stored.ViewFor(false)
	userEdit.Name = "Acme 3"
	userEdit.CRMID = "NL12345678"
	userEdit.IsCommercialInvoiceChargeable = false
	userEdit.Credentials.APIPassword = "hack"
	byUser := Merge(stored, userEdit, false)
	if byUser.Name != "Acme 3" || byUser.CRMID != "DE12345678" || !byUser.IsCommercialInvoiceChargeable || byUser.Credentials.APIPassword != "p1" {
		t.Errorf("user merge = %+v, want only General fields changed", byUser)
	}
}

func TestTrackingEnabled(t *testing.T) {
	c := validCustomer()
	c.TrackingUsername = ""
	if c.TrackingEnabled() || c.ViewFor(false).TrackingEnabled() {
		t.Error("no tracking user and no fulltrack key, yet tracking is enabled")
	}
	c.Credentials.FulltrackAccessKey = "secret-key"
	for _, admin := range []bool{false, true} {
		v := c.ViewFor(admin)
		if !v.TrackingEnabled() || v.Credentials.FulltrackAccessKey != Mask {
			t.Errorf("view (admin %v) with a fulltrack key: enabled %v, key %q", admin, v.TrackingEnabled(), v.Credentials.FulltrackAccessKey)
		}
	}
	if v := c.ViewFor(false); v.Credentials != (Credentials{FulltrackAccessKey: Mask}) {
		t.Errorf("non-admin view shows more than that a key exists: %+v", v.Credentials)
	}
	c.Credentials.FulltrackAccessKey, c.TrackingUsername = "", "track-user"
	if !c.ViewFor(false).TrackingEnabled() {
		t.Error("a tracking user enables tracking")
	}
}

func TestOnlyACustomerWithoutShippingHistoryIsDeletable(t *testing.T) {
	if err := Deletable(false); err != nil {
		t.Fatalf("without history = %v", err)
	}
	if err := Deletable(true); !failure.HasKey(err, KeyHasShippingHistory) {
		t.Fatalf("with history = %v", err)
	}
}
