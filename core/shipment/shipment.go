// Package shipment is a shipment as a CSV row or a parcel form describes it
// (spec 2 section 3): the named fields, the order lines and the invoice
// columns, and the rules that decide whether the carrier can label it. A
// violation is a message key with attributes attached to the field it
// concerns, exactly as the grid draws it.
//
// A shipment goes Draft (as written) -> Validated (every field checked) ->
// Shipment (made by New from a valid row, then labelled, failed, cancelled
// or tried again at the carrier, one attempt at a time). A batch row and a
// parcel from the form take the same way.
package shipment

// Fields are the CSV shipment field names of spec 2 section 3, in the order
// the template and the grid show them.
var Fields = []string{
	"name", "contact", "street", "no", "street2", "street3", "postalcode", "city", "region", "isoCountry",
	"mobile", "email", "referencenumber", "weight", "senderCode", "format", "product", "service", "options",
	"returnOptions", "content", "currency", "shippingCost", "sellerEORI", "senderEORI", "senderTaxId", "receiverTaxId",
}

// OrderLineFields are the fields of one order line; in a CSV they are
// numbered column groups: articleNumber1, hstarifnumber1, ..., articleNumber2.
var OrderLineFields = []string{"articleNumber", "hstarifnumber", "origincountry", "description", "articleUrl", "quantity", "weight", "value"}

// InvoiceFields are the commercial-invoice columns; the grid shows them only
// when a row has an invoice number.
var InvoiceFields = []string{
	"invoiceNumber", "poNumber", "duty", "vat", "freightPostage", "tobaccoTax", "discountRebate", "incoterm",
	"reasonOfExport", "additionalComments", "declarationStatement",
}

// Draft is a shipment as a person wrote it, every value as text. Fields
// holds the shipment and invoice fields by name; a missing name is an empty
// value.
type Draft struct {
	Fields     map[string]string
	OrderLines []map[string]string
}

// Violation is one rule a value breaks: a message key and the values the
// message names (for example max=35).
type Violation struct {
	Key        string
	Attributes map[string]string
}

// Value is a checked cell.
type Value struct {
	Value      string
	Violations []Violation
}

// Validated is a draft with every field checked: a batch's grid row, or a
// parcel form once checked. A valid one is what a Shipment is made from
// (New), whatever wrote it; its Draft is what the carrier is sent.
type Validated struct {
	Fields     map[string]Value
	OrderLines []map[string]Value
	Valid      bool
}

// Draft returns the values without their violations, as they are edited and sent.
func (v Validated) Draft() Draft {
	d := Draft{Fields: make(map[string]string, len(v.Fields))}
	for name, f := range v.Fields {
		d.Fields[name] = f.Value
	}
	for _, line := range v.OrderLines {
		l := make(map[string]string, len(line))
		empty := true
		for name, f := range line {
			l[name] = f.Value
			empty = empty && f.Value == ""
		}
		// The empty line that marks a missing order line is no order line.
		if !empty {
			d.OrderLines = append(d.OrderLines, l)
		}
	}
	return d
}

// HasInvoice reports whether the shipment names an invoice number.
func (d Draft) HasInvoice() bool { return d.Fields["invoiceNumber"] != "" }
