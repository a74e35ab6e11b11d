package invoice

import (
	"slices"
	"strconv"
	"strings"

	"parcelportal/core/failure"
)

// Step is a step of the invoice consent gate (spec 2 section 4.6).
type Step string

// The gate's steps, in the order the dialogs come.
const (
	StepGTC        Step = "GTC"
	StepPricing    Step = "PRICING"
	StepSellerEORI Step = "SELLER_EORI"
	// StepNone: every step is satisfied; the invoice may be made.
	StepNone Step = ""
)

// Keys of the gate's refusals, one per step.
const (
	KeyGTCNotAccepted     = "error.invoice.gtcNotAccepted"
	KeyPricingNotAccepted = "error.invoice.pricingNotAccepted"
	KeySellerEORIMissing  = "error.invoice.sellerEoriMissing"
)

// Consents are what the gate reads of a customer an invoice is made for.
type Consents struct {
	CustomerID      int64
	GTCAccepted     bool
	Chargeable      bool
	PricingAccepted bool
	SellerEORI      string
}

// NextStep is the first step of the gate that the customers do not all
// satisfy, in the order GTC, then pricing (only for chargeable customers),
// then the seller EORI of every customer that has none, with the customers
// that step is still missing for (ascending). A satisfied step is skipped;
// StepNone means the invoice may be made.
func NextStep(customers []Consents) (Step, []int64) {
	checks := []struct {
		step    Step
		missing func(Consents) bool
	}{
		{StepGTC, func(c Consents) bool { return !c.GTCAccepted }},
		{StepPricing, func(c Consents) bool { return c.Chargeable && !c.PricingAccepted }},
		{StepSellerEORI, func(c Consents) bool { return strings.TrimSpace(c.SellerEORI) == "" }},
	}
	for _, check := range checks {
		var ids []int64
		for _, c := range customers {
			if check.missing(c) && !slices.Contains(ids, c.CustomerID) {
				ids = append(ids, c.CustomerID)
			}
		}
		if len(ids) > 0 {
			slices.Sort(ids)
			return check.step, ids
		}
	}
	return StepNone, nil
}

// CheckGate refuses an invoice whose customers have not passed the gate,
// with the key of the first missing step and the customers it is missing
// for (customerIds, comma-separated), so the page can open that dialog.
func CheckGate(customers []Consents) error {
	step, ids := NextStep(customers)
	if step == StepNone {
		return nil
	}
	key := map[Step]string{StepGTC: KeyGTCNotAccepted, StepPricing: KeyPricingNotAccepted, StepSellerEORI: KeySellerEORIMissing}[step]
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = strconv.FormatInt(id, 10)
	}
	return failure.New(failure.Conflict, key, "step", string(step), "customerIds", strings.Join(names, ","))
}
