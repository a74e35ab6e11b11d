package rpc

import (
	"strings"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// A commercial invoice's terms are stored as the core spells them ("DAP");
// an older row may hold another case or spaces ("dap "), which still name
// the value. An empty or unknown one is the unspecified value.

func incotermOf(s string) portalv1.CommercialInvoiceTerms_Incoterm {
	return enumOf[portalv1.CommercialInvoiceTerms_Incoterm](portalv1.CommercialInvoiceTerms_Incoterm_value, storedName(s))
}

func reasonOfExportOf(s string) portalv1.CommercialInvoiceTerms_ReasonOfExport {
	return enumOf[portalv1.CommercialInvoiceTerms_ReasonOfExport](portalv1.CommercialInvoiceTerms_ReasonOfExport_value, storedName(s))
}

func storedName(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
