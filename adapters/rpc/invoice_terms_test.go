package rpc

import (
	"slices"
	"testing"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/inquiry"
	"parcelportal/core/invoice"
	"parcelportal/core/shipment"
)

// The contract's enums and the core's lists name the same values: a value
// the core accepts that has no enum value could not be sent or shown, and
// an enum value the core refuses would be offered to no avail.
func TestEnumsNameTheCoresValues(t *testing.T) {
	for name, c := range map[string]struct {
		core  []string
		names map[int32]string
	}{
		"inquiry product":           {inquiry.Products, portalv1.SubmitParcelInquiryRequest_Product_name},
		"inquiry insurance":         {inquiry.Insurances, portalv1.SubmitParcelInquiryRequest_Insurance_name},
		"inquiry reason":            {inquiry.Reasons, portalv1.SubmitParcelInquiryRequest_Reason_name},
		"incoterm":                  {invoice.Incoterms, portalv1.CommercialInvoiceTerms_Incoterm_name},
		"reason of export":          {invoice.ReasonsOfExport, portalv1.CommercialInvoiceTerms_ReasonOfExport_name},
		"incoterm of a row":         {shipment.Incoterms, portalv1.CommercialInvoiceTerms_Incoterm_name},
		"reason of export of a row": {shipment.ReasonsOfExport, portalv1.CommercialInvoiceTerms_ReasonOfExport_name},
	} {
		var named []string
		for v, n := range c.names {
			if v != 0 {
				named = append(named, n)
			}
		}
		slices.Sort(named)
		core := slices.Sorted(slices.Values(c.core))
		if !slices.Equal(named, core) {
			t.Errorf("%s: the enum names %v, the core %v", name, named, core)
		}
		for _, s := range c.core {
			if v := enumOf[portalv1.CommercialInvoiceTerms_Incoterm](reverse(c.names), s); c.names[int32(v)] != s {
				t.Errorf("%s: %q reads back as %q", name, s, c.names[int32(v)])
			}
		}
	}
	// Unspecified is the core's empty default; a stored name reads back in any case.
	if nameOf(portalv1.CommercialInvoiceTerms_INCOTERM_UNSPECIFIED) != "" ||
		incotermOf(" dap") != portalv1.CommercialInvoiceTerms_DAP || incotermOf("") != portalv1.CommercialInvoiceTerms_INCOTERM_UNSPECIFIED ||
		reasonOfExportOf("CIF") != portalv1.CommercialInvoiceTerms_REASON_OF_EXPORT_UNSPECIFIED {
		t.Error("unspecified and stored names do not map as the core spells them")
	}
}

func reverse(names map[int32]string) map[string]int32 {
	out := map[string]int32{}
	for v, n := range names {
		out[n] = v
	}
	return out
}
