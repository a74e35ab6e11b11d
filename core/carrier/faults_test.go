package carrier

import (
	"maps"
	"testing"
)

func TestExplainGivesAKeyForEveryKnownCode(t *testing.T) {
	values := map[string]string{"postalcode": "00000", "city": "Nowhere"}
	value := func(field string) string { return values[field] }
	cases := []struct {
		fault  Fault
		key    string
		params map[string]string
	}{
		{Fault{Code: CodeInvalidPostalCode, Field: "postalcode", Message: "The postal code does not exist."}, KeyFaultInvalidPostalCode,
			map[string]string{"field": "postalcode", "value": "00000"}},
		{Fault{Code: CodeInvalidField, Field: "city", Message: "The city is unknown at the destination."}, KeyFaultInvalidField,
			map[string]string{"field": "city", "value": "Nowhere"}},
		{Fault{Code: CodeMandatoryField, Field: "name", Message: "The field name is missing."}, KeyFaultMandatoryField,
			map[string]string{"field": "name", "value": ""}},
		{Fault{Code: CodeInvalidLabelType, Field: "labelType"}, KeyFaultInvalidLabelType, nil},
		{Fault{Code: CodeUnknownIdentifier, Field: "identifier"}, KeyFaultUnknownIdentifier, nil},
		{Fault{Code: CodeAlreadyManifested, Field: "identifier"}, KeyFaultAlreadyManifested, nil},
		{Fault{Code: CodeShipmentCancelled, Field: "identifier"}, KeyFaultShipmentCancelled, nil},
		{Fault{Code: CodeInvalidCredentials, Field: "password"}, KeyCredentialsRefused, nil},
		// An unknown code keeps the carrier's own words.
		{Fault{Code: "RouteClosed", Field: "isoCountry", Message: "No route to the destination."}, KeyFault,
			map[string]string{"code": "RouteClosed", "message": "No route to the destination."}},
	}
	for _, c := range cases {
		key, params := c.fault.Explain(value)
		if key != c.key || !maps.Equal(params, c.params) {
			t.Errorf("%s: %s %v, want %s %v", c.fault.Code, key, params, c.key, c.params)
		}
	}
	// Without request values (a manifest) the field is still named.
	if key, params := (&Fault{Code: CodeInvalidField, Field: "orderLines"}).Explain(nil); key != KeyFaultInvalidField ||
		params["field"] != "orderLines" || params["value"] != "" {
		t.Errorf("without values: %s %v", key, params)
	}
}
