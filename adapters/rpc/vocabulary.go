package rpc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// The closed sets of the inquiry form and the commercial invoice are enums
// in the contract, named as the spec's JSON strings; the core keeps them as
// those strings, an empty one meaning the default. These turn one into the
// other.

// enumText is an enum value's name as the core spells it; the unspecified
// value is "" (the core's default), a value the contract does not name too.
func enumText[E ~int32](v E, names map[int32]string) string {
	if v == 0 {
		return ""
	}
	return names[int32(v)]
}

// enumOf is the value of a name the core stored ("DAP", "dap "); an empty
// or unknown one is the unspecified value.
func enumOf[E ~int32](name string, values map[string]int32) E {
	if v, ok := values[strings.ToUpper(strings.TrimSpace(name))]; ok {
		return E(v)
	}
	return 0
}

func incotermOf(s string) portalv1.CommercialInvoiceTerms_Incoterm {
	return enumOf[portalv1.CommercialInvoiceTerms_Incoterm](s, portalv1.CommercialInvoiceTerms_Incoterm_value)
}

func reasonOfExportOf(s string) portalv1.CommercialInvoiceTerms_ReasonOfExport {
	return enumOf[portalv1.CommercialInvoiceTerms_ReasonOfExport](s, portalv1.CommercialInvoiceTerms_ReasonOfExport_value)
}

// unknownEnumNames refuses a JSON body that names an enum value the
// contract does not know ("incoterm": "CIF"). The codecs read bodies with
// DiscardUnknown, so that a newer client's extra fields pass; protojson then
// reads an unknown enum name as the unspecified value, which the server
// takes as the default: an integrator's typo would be filed as DAP. The
// answer is the field error a string rule gave before the enums (400
// error.validation, rule "pattern"). A body that is no JSON object passes
// on to the codec, which refuses it in its own words.
func unknownEnumNames(data []byte, md protoreflect.MessageDescriptor) error {
	var doc map[string]any
	if json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var fields []string
	walkEnums(doc, md, "", &fields)
	if len(fields) == 0 {
		return nil
	}
	detail := &portalv1.ErrorDetail{MessageKey: validationKey}
	for _, f := range fields {
		detail.FieldErrors = append(detail.FieldErrors, &portalv1.FieldError{ObjectName: objectName(md), Field: f, Message: rulePattern})
	}
	err := connect.NewError(connect.CodeInvalidArgument, errors.New(validationKey))
	if d, derr := connect.NewErrorDetail(detail); derr == nil {
		err.AddDetail(d)
	}
	return err
}

// walkEnums collects the paths of enum fields in doc whose string names no
// value of the field's enum.
func walkEnums(doc map[string]any, md protoreflect.MessageDescriptor, prefix string, out *[]string) {
	fields := md.Fields()
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		v, ok := doc[fd.JSONName()]
		if !ok {
			v, ok = doc[string(fd.Name())]
		}
		if !ok || v == nil || fd.IsMap() {
			continue
		}
		path := prefix + fd.JSONName()
		items := []any{v}
		if fd.IsList() {
			list, _ := v.([]any)
			items = list
		}
		for j, item := range items {
			at := path
			if fd.IsList() {
				at = fmt.Sprintf("%s[%d]", path, j)
			}
			switch fd.Kind() {
			case protoreflect.EnumKind:
				if name, isName := item.(string); isName && fd.Enum().Values().ByName(protoreflect.Name(name)) == nil {
					*out = append(*out, at)
				}
			case protoreflect.MessageKind:
				if sub, isObject := item.(map[string]any); isObject {
					walkEnums(sub, fd.Message(), at+".", out)
				}
			}
		}
	}
}
