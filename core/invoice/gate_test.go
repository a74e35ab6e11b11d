package invoice

import (
	"slices"
	"testing"

	"parcelportal/core/failure"
)

func TestNextStep(t *testing.T) {
	ready := Consents{CustomerID: 1, GTCAccepted: true, SellerEORI: "DE1"}
	chargeable := Consents{CustomerID: 2, GTCAccepted: true, Chargeable: true, PricingAccepted: true, SellerEORI: "DE2"}
	with := func(c Consents, change func(*Consents)) Consents { change(&c); return c }
	cases := []struct {
		name      string
		customers []Consents
		step      Step
		ids       []int64
	}{
		{"all satisfied", []Consents{ready, chargeable}, StepNone, nil},
		{"no customers", nil, StepNone, nil},
		{"GTC first", []Consents{with(ready, func(c *Consents) { c.GTCAccepted, c.SellerEORI = false, "" })}, StepGTC, []int64{1}},
		{"GTC of every customer missing it", []Consents{
			with(ready, func(c *Consents) { c.GTCAccepted = false }),
			with(chargeable, func(c *Consents) { c.GTCAccepted, c.PricingAccepted = false, false }),
		}, StepGTC, []int64{1, 2}},
		{"pricing only when chargeable", []Consents{with(ready, func(c *Consents) { c.PricingAccepted = false })}, StepNone, nil},
		{"pricing of a chargeable customer", []Consents{ready, with(chargeable, func(c *Consents) {
			c.PricingAccepted, c.SellerEORI = false, ""
		})}, StepPricing, []int64{2}},
		{"seller EORI last", []Consents{with(ready, func(c *Consents) { c.SellerEORI = " " }), chargeable}, StepSellerEORI, []int64{1}},
		{"a customer listed twice counts once", []Consents{
			with(ready, func(c *Consents) { c.SellerEORI = "" }), with(ready, func(c *Consents) { c.SellerEORI = "" }),
		}, StepSellerEORI, []int64{1}},
	}
	for _, c := range cases {
		step, ids := NextStep(c.customers)
		if step != c.step || !slices.Equal(ids, c.ids) {
			t.Errorf("%s: %q %v, want %q %v", c.name, step, ids, c.step, c.ids)
		}
	}
}

func TestCheckGateNamesTheStep(t *testing.T) {
	cases := map[string]Consents{
		KeyGTCNotAccepted:     {CustomerID: 3},
		KeyPricingNotAccepted: {CustomerID: 3, GTCAccepted: true, Chargeable: true},
		KeySellerEORIMissing:  {CustomerID: 3, GTCAccepted: true},
	}
	for key, c := range cases {
		f, ok := failure.As(CheckGate([]Consents{c}))
		if !ok || f.Key != key || f.Kind != failure.Conflict || f.Params["customerIds"] != "3" {
			t.Errorf("%s: %+v", key, f)
		}
	}
	if err := CheckGate([]Consents{{CustomerID: 3, GTCAccepted: true, SellerEORI: "DE3"}}); err != nil {
		t.Errorf("passed gate: %v", err)
	}
}
