package shipment

import "fmt"

// field is a position in allFields. Validation works on arrays indexed by
// field rather than on maps: a 2000-row batch is validated field by field
// tens of thousands of times, and the maps of Validated are built once at the
// end.
type field int

// The shipment fields, then the invoice fields, in the order of Fields and
// InvoiceFields (init checks it).
const (
	fName field = iota
	fContact
	fStreet
	fNo
	fStreet2
	fStreet3
	fPostalcode
	fCity
	fRegion
	fIsoCountry
	fMobile
	fEmail
	fReferencenumber
	fWeight
	fSenderCode
	fFormat
	fProduct
	fService
	fOptions
	fReturnOptions
	fContent
	fCurrency
	fShippingCost
	fSellerEORI
	fSenderEORI
	fSenderTaxID
	fReceiverTaxID
	fInvoiceNumber
	fPoNumber
	fDuty
	fVat
	fFreightPostage
	fTobaccoTax
	fDiscountRebate
	fIncoterm
	fReasonOfExport
	fAdditionalComments
	fDeclarationStatement
	fieldCount
)

// lineField is a position in OrderLineFields.
type lineField int

// The order-line fields in the order of OrderLineFields.
const (
	lArticleNumber lineField = iota
	lHstarifnumber
	lOrigincountry
	lDescription
	lArticleURL
	lQuantity
	lWeight
	lValue
	lineFieldCount
)

var (
	allFields      = append(append([]string(nil), Fields...), InvoiceFields...)
	fieldIndex     = indexOf[field](allFields)
	lineFieldIndex = indexOf[lineField](OrderLineFields)
)

func indexOf[T ~int](names []string) map[string]T {
	m := make(map[string]T, len(names))
	for i, name := range names {
		m[name] = T(i)
	}
	return m
}

func init() {
	if len(allFields) != int(fieldCount) || len(OrderLineFields) != int(lineFieldCount) {
		panic(fmt.Sprintf("shipment: %d fields and %d order-line fields named, %d and %d indexed",
			len(allFields), len(OrderLineFields), fieldCount, lineFieldCount))
	}
}

func (f field) String() string     { return allFields[f] }
func (f lineField) String() string { return OrderLineFields[f] }
