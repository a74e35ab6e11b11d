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
		"inquiry product":           {inquiry.Products, portalv1.InquiryProduct_name},
		"inquiry insurance":         {inquiry.Insurances, portalv1.InquiryInsurance_name},
		"inquiry reason":            {inquiry.Reasons, portalv1.InquiryReason_name},
		"incoterm":                  {invoice.Incoterms, portalv1.Incoterm_name},
		"reason of export":          {invoice.ReasonsOfExport, portalv1.ReasonOfExport_name},
		"incoterm of a row":         {shipment.Incoterms, portalv1.Incoterm_name},
		"reason of export of a row": {shipment.ReasonsOfExport, portalv1.ReasonOfExport_name},
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
			if v := enumOf[portalv1.Incoterm](reverse(c.names), s); c.names[int32(v)] != s {
				t.Errorf("%s: %q reads back as %q", name, s, c.names[int32(v)])
			}
		}
	}
	// Unspecified is the core's empty default; a stored name reads back in any case.
	if nameOf(portalv1.Incoterm_INCOTERM_UNSPECIFIED) != "" ||
		incotermOf(" dap") != portalv1.Incoterm_DAP || incotermOf("") != portalv1.Incoterm_INCOTERM_UNSPECIFIED ||
		reasonOfExportOf("CIF") != portalv1.ReasonOfExport_REASON_OF_EXPORT_UNSPECIFIED {
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

// Every amount core names has its enum value, and the enum names no other.
func TestInvoiceAmountsNameTheCoresAmounts(t *testing.T) {
	if len(invoiceAmounts) != len(invoice.Amounts) || len(portalv1.InvoiceAmount_name) != len(invoice.Amounts)+1 {
		t.Fatalf("core names %v, the map %v, the enum %v", invoice.Amounts, invoiceAmounts, portalv1.InvoiceAmount_name)
	}
	for _, a := range invoice.Amounts {
		if invoiceAmounts[a] == portalv1.InvoiceAmount_INVOICE_AMOUNT_UNSPECIFIED {
			t.Errorf("%s has no enum value", a)
		}
	}
	d := invoiceDefaultsToProto(invoice.Defaults{Incoterm: invoice.IncotermDAP})
	if len(d.GetReceiverAmounts()) != 1 || d.GetReceiverAmounts()[0].GetIncoterm() != portalv1.Incoterm_DAP ||
		!slices.Equal(d.GetReceiverAmounts()[0].GetAmounts(), []portalv1.InvoiceAmount{
			portalv1.InvoiceAmount_VAT, portalv1.InvoiceAmount_TOBACCO_TAX, portalv1.InvoiceAmount_DUTY}) {
		t.Errorf("receiver amounts: %v", d.GetReceiverAmounts())
	}
}
