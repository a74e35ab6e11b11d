package shipment

import "testing"

// TestFieldIndexes: every constant names the field of its position, so a
// reordered Fields list cannot make a rule check the wrong column.
func TestFieldIndexes(t *testing.T) {
	want := map[field]string{
		fName: "name", fPostalcode: "postalcode", fIsoCountry: "isoCountry", fWeight: "weight", fProduct: "product",
		fReturnOptions: "returnOptions", fSellerEORI: "sellerEORI", fReceiverTaxID: "receiverTaxId",
		fInvoiceNumber: "invoiceNumber", fIncoterm: "incoterm", fDeclarationStatement: "declarationStatement",
	}
	for f, name := range want {
		if f.String() != name {
			t.Errorf("field %d is %s, want %s", f, f, name)
		}
	}
	lines := map[lineField]string{lArticleNumber: "articleNumber", lHstarifnumber: "hstarifnumber", lArticleURL: "articleUrl", lValue: "value"}
	for f, name := range lines {
		if f.String() != name {
			t.Errorf("order-line field %d is %s, want %s", f, f, name)
		}
	}
}
