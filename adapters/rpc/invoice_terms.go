package rpc

import (
	"strings"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/invoice"
)

// A commercial invoice's terms are stored as the core spells them ("DAP");
// an older row may hold another case or spaces ("dap "), which still name
// the value. An empty or unknown one is the unspecified value.

func incotermOf(s string) portalv1.Incoterm {
	return enumOf[portalv1.Incoterm](portalv1.Incoterm_value, storedName(s))
}

func reasonOfExportOf(s string) portalv1.ReasonOfExport {
	return enumOf[portalv1.ReasonOfExport](portalv1.ReasonOfExport_value, storedName(s))
}

func storedName(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// invoiceAmounts are the request's amounts as the contract names them; core
// names them as the request's JSON fields.
var invoiceAmounts = map[string]portalv1.InvoiceAmount{
	invoice.AmountFreightPostage: portalv1.InvoiceAmount_FREIGHT_POSTAGE,
	invoice.AmountDiscountRebate: portalv1.InvoiceAmount_DISCOUNT_REBATE,
	invoice.AmountVAT:            portalv1.InvoiceAmount_VAT,
	invoice.AmountTobaccoTax:     portalv1.InvoiceAmount_TOBACCO_TAX,
	invoice.AmountDuty:           portalv1.InvoiceAmount_DUTY,
}

// invoiceDefaultsToProto is what the invoice form starts with and, per
// incoterm, the amounts it does not ask for.
func invoiceDefaultsToProto(d invoice.Defaults) *portalv1.CommercialInvoiceDefaults {
	out := &portalv1.CommercialInvoiceDefaults{Incoterm: incotermOf(d.Incoterm), ReasonOfExport: reasonOfExportOf(d.ReasonOfExport),
		AdditionalComments: d.AdditionalComments, InsideCustomsUnion: d.InsideCustomsUnion,
		EuDeclaration: invoice.Declaration(true), NonEuDeclaration: invoice.Declaration(false)}
	for _, incoterm := range invoice.Incoterms {
		names := invoice.ReceiverAmounts(incoterm)
		if len(names) == 0 {
			continue
		}
		amounts := make([]portalv1.InvoiceAmount, len(names))
		for i, n := range names {
			amounts[i] = invoiceAmounts[n]
		}
		out.ReceiverAmounts = append(out.ReceiverAmounts, &portalv1.ReceiverAmounts{Incoterm: incotermOf(incoterm), Amounts: amounts})
	}
	return out
}
