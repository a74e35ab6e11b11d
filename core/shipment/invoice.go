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
	invoiceAmounts = []string{"duty", "vat", "freightPostage", "tobaccoTax", "discountRebate"}
	taxedAmounts   = []string{"vat", "tobaccoTax", "duty"}
)

// invoice checks the commercial-invoice columns of a file that has them: an
// invoice needs its number, the choices come from their lists, amounts are
// numbers of at least 0, and under DAP (the default) the receiver pays duty
// and taxes, so the invoice states none.
func (c *check) invoice() {
	if _, ok := c.fields["invoiceNumber"]; !ok {
		return
	}
	// Spec 2 section 5.5: whitespace is stripped from invoice numbers.
	number := strings.Join(strings.Fields(c.value("invoiceNumber")), "")
	c.fields["invoiceNumber"] = Value{Value: number, Violations: c.fields["invoiceNumber"].Violations}
	if number == "" {
		for _, name := range InvoiceFields {
			if c.value(name) != "" {
				c.add("invoiceNumber", KeyMandatory)
				break
			}
		}
	}
	c.oneOf("incoterm", Incoterms)
	c.oneOf("reasonOfExport", ReasonsOfExport)
	for _, name := range invoiceAmounts {
		c.amount(name)
	}
	incoterm := c.value("incoterm")
	if incoterm == "" || incoterm == "DAP" {
		for _, name := range taxedAmounts {
			if c.present(name) {
				if n, _ := parseNumber(c.value(name)); n != 0 {
					c.add(name, KeyNotWithDAP)
				}
			}
		}
	}
}

func (c *check) oneOf(field string, allowed []string) {
	if !c.present(field) {
		return
	}
	for _, a := range allowed {
		if c.value(field) == a {
			return
		}
	}
	c.add(field, KeyOneOf, "allowed", strings.Join(allowed, ", "))
}
