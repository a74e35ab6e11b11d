package shipment

// Message keys of violations, translated by the webapp
// (webapp/src/errors/serverMessages.ts). The attributes each key names are
// listed beside it.
const (
	// KeyMandatory: the field needs a value.
	KeyMandatory = "error.shipment.mandatory"
	// KeyMaxLength: the value is longer than {max} characters.
	KeyMaxLength = "error.shipment.maxLength"
	// KeyNumber: the value is not a number (decimal comma or point).
	KeyNumber = "error.shipment.number"
	// KeyInteger: the value is not a whole number.
	KeyInteger = "error.shipment.integer"
	// KeyPositive: the number must be greater than 0.
	KeyPositive = "error.shipment.positive"
	// KeyNotNegative: the number must not be below 0.
	KeyNotNegative = "error.shipment.notNegative"
	// KeyMax: the number is larger than {max}.
	KeyMax = "error.shipment.max"
	// KeyCountry: not an ISO 3166-1 alpha-2 country code.
	KeyCountry = "error.shipment.country"
	// KeyEmail: not an e-mail address.
	KeyEmail = "error.shipment.email"
	// KeyPhone: not a phone number.
	KeyPhone = "error.shipment.phone"
	// KeyPostalCode: not a postal code of {country}.
	KeyPostalCode = "error.shipment.postalCode"
	// KeyCurrency: not an ISO 4217 currency code.
	KeyCurrency = "error.shipment.currency"
	// KeyUnknownCode: {code} is not in the carrier's list.
	KeyUnknownCode = "error.shipment.unknownCode"
	// KeyNotAvailable: the customer may not ship {product} with {service}.
	KeyNotAvailable = "error.shipment.notAvailable"
	// KeyOptionNotAvailable: the customer may not add {option} to {product} with {service}.
	KeyOptionNotAvailable = "error.shipment.optionNotAvailable"
	// KeyA1Only: {code} is only for customers shipping through the A1 client.
	KeyA1Only = "error.shipment.a1Only"
	// KeyReturnFormat: returnOptions is not written "returnType|returnOption".
	KeyReturnFormat = "error.shipment.returnFormat"
	// KeyReturnPair: {returnOption} is not offered with {returnType}.
	KeyReturnPair = "error.shipment.returnPair"
	// KeyReturnNotAvailable: the customer's contract has no return type {code}.
	KeyReturnNotAvailable = "error.shipment.returnNotAvailable"
	// KeyReturnDestination: return type {code} does not fit the destination.
	KeyReturnDestination = "error.shipment.returnDestination"
	// KeyMandatoryOrderLine: a destination outside the customs union needs order lines.
	KeyMandatoryOrderLine = "error.shipment.mandatoryOrderLine"
	// KeyHSCode: not a customs tariff number of 6 to 10 digits.
	KeyHSCode = "error.shipment.hsCode"
	// KeyURL: not an http or https address.
	KeyURL = "error.shipment.url"
	// KeyEORI: not an EORI number (country code and up to 15 letters or digits).
	KeyEORI = "error.shipment.eori"
	// KeyEORIRequired: the shipment's value exceeds {threshold} for {country},
	// so the seller's EORI is needed.
	KeyEORIRequired = "error.shipment.eoriRequired"
	// KeyOneOf: the value must be one of {allowed}.
	KeyOneOf = "error.shipment.oneOf"
	// KeyNotWithDAP: duties and taxes are not charged under incoterm DAP.
	KeyNotWithDAP = "error.shipment.notWithDap"
)
