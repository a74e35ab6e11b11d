package carrier

// Fault codes of the carrier's WSDL (adapters/carrier/carrier.wsdl) that a
// shipment or a batch can end with. The carrier's own text is English only;
// the portal shows a message key of its own instead, translated in the
// webapp, and keeps the carrier's text in the traffic.
const (
	CodeMandatoryField    = "MandatoryField"
	CodeInvalidPostalCode = "InvalidPostalCode"
	CodeInvalidField      = "InvalidField"
	CodeInvalidLabelType  = "InvalidLabelType"
	CodeUnknownIdentifier = "UnknownIdentifier"
	CodeAlreadyManifested = "AlreadyManifested"
	CodeShipmentCancelled = "ShipmentCancelled"
)

// Message keys of carrier refusals. Their parameters are named beside each.
const (
	// KeyFault is a refusal without a key of its own: code and the
	// carrier's message, so that the reason stays visible.
	KeyFault = "error.carrier.fault"
	// KeyFaultMandatoryField: field.
	KeyFaultMandatoryField = "error.carrier.fault.mandatoryField"
	// KeyFaultInvalidPostalCode: field, value.
	KeyFaultInvalidPostalCode = "error.carrier.fault.invalidPostalCode"
	// KeyFaultInvalidField: field, value.
	KeyFaultInvalidField = "error.carrier.fault.invalidField"
	// KeyFaultInvalidLabelType: the label type is not one the carrier prints.
	KeyFaultInvalidLabelType = "error.carrier.fault.invalidLabelType"
	// KeyFaultUnknownIdentifier: the carrier knows no such parcel.
	KeyFaultUnknownIdentifier = "error.carrier.fault.unknownIdentifier"
	// KeyFaultAlreadyManifested: the label is in a manifest and cannot be cancelled.
	KeyFaultAlreadyManifested = "error.carrier.fault.alreadyManifested"
	// KeyFaultShipmentCancelled: a parcel of the manifest was cancelled.
	KeyFaultShipmentCancelled = "error.carrier.fault.shipmentCancelled"
	// KeyCredentialsRefused: the carrier refused the customer's login.
	KeyCredentialsRefused = "error.carrier.credentialsRefused"
)

// faultKeys maps fault codes to message keys; the bool says whether the
// message names the field and its value.
var faultKeys = map[string]struct {
	key        string
	namesField bool
}{
	CodeMandatoryField:     {KeyFaultMandatoryField, true},
	CodeInvalidPostalCode:  {KeyFaultInvalidPostalCode, true},
	CodeInvalidField:       {KeyFaultInvalidField, true},
	CodeInvalidLabelType:   {KeyFaultInvalidLabelType, false},
	CodeUnknownIdentifier:  {KeyFaultUnknownIdentifier, false},
	CodeAlreadyManifested:  {KeyFaultAlreadyManifested, false},
	CodeShipmentCancelled:  {KeyFaultShipmentCancelled, false},
	CodeInvalidCredentials: {KeyCredentialsRefused, false},
}

// Explain turns a refusal into a message key with parameters, for a person
// in any language. value reads the value the request gave a field (nil
// when the request has no such fields, as a manifest). A code without a
// key of its own keeps the carrier's code and text as parameters.
func (f *Fault) Explain(value func(field string) string) (key string, params map[string]string) {
	k, known := faultKeys[f.Code]
	if !known {
		return KeyFault, map[string]string{"code": f.Code, "message": f.Message}
	}
	if !k.namesField {
		return k.key, nil
	}
	params = map[string]string{"field": f.Field, "value": ""}
	if value != nil && f.Field != "" {
		params["value"] = value(f.Field)
	}
	return k.key, params
}
