package shipment

import "strings"

// Commercial-invoice choices of spec 2 section 5.5; an empty incoterm or
// reason means the default.
var (
	Incoterms       = []string{"DDP", "DAP", "DTP"}
	ReasonsOfExport = []string{"DOCS", "SALE_OF_GOODS_PERMANENT", "RETURNED_GOODS", "SAMPLES"}
)

// Defaults of the commercial invoice.
const (
	DefaultIncoterm       = "DAP"
	DefaultReasonOfExport = "SALE_OF_GOODS_PERMANENT"
)

// invoiceAmounts are the money columns of the invoice; taxedAmounts are the
// ones DAP leaves to the receiver.
var (
	invoiceAmounts = []field{fDuty, fVat, fFreightPostage, fTobaccoTax, fDiscountRebate}
	taxedAmounts   = []field{fVat, fTobaccoTax, fDuty}
)

// invoiceColumns checks the commercial-invoice columns of a file that has them: an
// invoice needs its number, the choices come from their lists, amounts are
// numbers of at least 0, and under DAP (the default) the receiver pays duty
// and taxes, so the invoice states none.
func (c *check) invoiceColumns() {
	if !c.invoice {
		return
	}
	// Spec 2 section 5.5: whitespace is stripped from invoice numbers.
	number := &c.fields[fInvoiceNumber]
	if strings.ContainsAny(number.Value, " \t\r\n") {
		number.Value = strings.Join(strings.Fields(number.Value), "")
	}
	if number.Value == "" {
		for f := fInvoiceNumber; f < fieldCount; f++ {
			if c.value(f) != "" {
				c.add(fInvoiceNumber, KeyMandatory)
				break
			}
		}
	}
	c.oneOf(fIncoterm, Incoterms)
	c.oneOf(fReasonOfExport, ReasonsOfExport)
	for _, f := range invoiceAmounts {
		c.amount(f)
	}
	if incoterm := c.value(fIncoterm); incoterm == "" || incoterm == "DAP" {
		for _, f := range taxedAmounts {
			if c.present(f) {
				if n, _ := parseNumber(c.value(f)); n != 0 {
					c.add(f, KeyNotWithDAP)
				}
			}
		}
	}
}

func (c *check) oneOf(f field, allowed []string) {
	if !c.present(f) {
		return
	}
	for _, a := range allowed {
		if c.value(f) == a {
			return
		}
	}
	c.add(f, KeyOneOf, "allowed", strings.Join(allowed, ", "))
}
