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
			if v := enumOf[portalv1.CommercialInvoiceTerms_Incoterm](s, reverse(c.names)); enumText(v, c.names) != s {
				t.Errorf("%s: %q reads back as %q", name, s, enumText(v, c.names))
			}
		}
	}
	// Unspecified is the core's empty default; a stored name reads back in any case.
	if enumText(portalv1.CommercialInvoiceTerms_INCOTERM_UNSPECIFIED, portalv1.CommercialInvoiceTerms_Incoterm_name) != "" ||
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

// A JSON body naming an enum value the contract does not know is refused
// with the field's path, also inside lists and nested messages; known
// names, numbers and absent fields pass.
func TestUnknownEnumNamesAreRefused(t *testing.T) {
	md := (&portalv1.SubmitParcelInquiryRequest{}).ProtoReflect().Descriptor()
	if err := unknownEnumNames([]byte(`{"product":"EPAQ_PLUS","insurance":2,"reason":null}`), md); err != nil {
		t.Fatalf("known values refused: %v", err)
	}
	var fields []string
	walkEnums(map[string]any{"product": "EPAQ_GOLD", "insurance": "NONE", "reason": "LOST"}, md, "", &fields)
	slices.Sort(fields)
	if !slices.Equal(fields, []string{"product", "reason"}) {
		t.Fatalf("refused %v", fields)
	}
	if err := unknownEnumNames([]byte(`{"product":"EPAQ_GOLD"}`), md); err == nil {
		t.Fatal("an unknown product passed")
	}
	if err := unknownEnumNames([]byte(`not json`), md); err != nil {
		t.Fatalf("a body that is no JSON is the codec's to refuse: %v", err)
	}
}
