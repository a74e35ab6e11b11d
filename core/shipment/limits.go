package shipment

// Maximum lengths of the text fields, in characters. They follow what
// carriers' label and customs interfaces accept (a label address line holds
// 35 characters, an EORI 17); a longer value would be cut on the label or
// refused by the carrier, so it is refused here, where the person can still
// fix it. Fields checked against a list or a pattern (countries, currencies,
// incoterms) need no length of their own. docs/csv-format.md lists them.
var maxLengths = map[string]int{
	"name": 35, "contact": 35, "street": 35, "no": 10, "street2": 35, "street3": 35,
	"postalcode": 10, "city": 35, "region": 35, "mobile": 20, "email": 80,
	"referencenumber": 35, "weight": 10, "senderCode": 20, "format": 10, "product": 20, "service": 20,
	"options": 100, "returnOptions": 30, "content": 50, "shippingCost": 12,
	"sellerEORI": 17, "senderEORI": 17, "senderTaxId": 20, "receiverTaxId": 20,

	"invoiceNumber": 35, "poNumber": 35, "duty": 12, "vat": 12, "freightPostage": 12, "tobaccoTax": 12,
	"discountRebate": 12, "additionalComments": 255, "declarationStatement": 500,
}

// orderLineMaxLengths are the maximum lengths of order-line fields.
var orderLineMaxLengths = map[string]int{
	"articleNumber": 35, "hstarifnumber": 13, "description": 50, "articleUrl": 255,
	"quantity": 6, "weight": 10, "value": 12,
}

// maxLen and lineMaxLen are the same limits by field index.
var (
	maxLen = func() (a [fieldCount]int) {
		for name, max := range maxLengths {
			a[fieldIndex[name]] = max
		}
		return a
	}()
	lineMaxLen = func() (a [lineFieldCount]int) {
		for name, max := range orderLineMaxLengths {
			a[lineFieldIndex[name]] = max
		}
		return a
	}()
)

// MaxLength returns the maximum length of a shipment or invoice field, or of
// the form's phone (the mobile's), 0 when it has none.
func MaxLength(field string) int {
	if field == PhoneField {
		field = "mobile"
	}
	return maxLengths[field]
}

// OrderLineMaxLength returns the maximum length of an order-line field, 0 when it has none.
func OrderLineMaxLength(field string) int { return orderLineMaxLengths[field] }

// Weights are in kilograms; a parcel and each article weigh at most MaxWeightKG.
const MaxWeightKG = 30

// mandatory are the fields every shipment needs (spec 2 section 5.4).
var mandatory = []field{fName, fStreet, fPostalcode, fCity, fIsoCountry, fReferencenumber, fWeight, fProduct, fService}
