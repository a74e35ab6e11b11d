package rpc_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/shipment"
)

type protoField struct {
	name, json string
	number     protoreflect.FieldNumber
}

func fieldsOf(m protoreflect.ProtoMessage) []protoField {
	fds := m.ProtoReflect().Descriptor().Fields()
	out := make([]protoField, fds.Len())
	for i := range fds.Len() {
		fd := fds.Get(i)
		out[i] = protoField{string(fd.Name()), fd.JSONName(), fd.Number()}
	}
	return out
}

func jsonNames(fields []protoField) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.json
	}
	return out
}

// TestShipmentFieldListIsOne holds the typed shipment messages to one field
// list: ShipmentCells names the fields (in the CSV template's order, by
// core/shipment's names as JSON names), ShipmentTexts and the order-line
// messages repeat it exactly, and the parcel form's CsvShipmentDto and
// ParcelOrderLine use the same names and numbers.
func TestShipmentFieldListIsOne(t *testing.T) {
	cells := fieldsOf(&portalv1.ShipmentCells{})
	if texts := fieldsOf(&portalv1.ShipmentTexts{}); !slices.Equal(cells, texts) {
		t.Errorf("ShipmentTexts %v\ndiffers from ShipmentCells %v", texts, cells)
	}
	lines := fieldsOf(&portalv1.OrderLineCells{})
	if texts := fieldsOf(&portalv1.OrderLineTexts{}); !slices.Equal(lines, texts) {
		t.Errorf("OrderLineTexts %v\ndiffers from OrderLineCells %v", texts, lines)
	}

	// Core's names, in core's order: the CSV fields, the form's phone, the invoice columns.
	want := append(append(append([]string(nil), shipment.Fields...), shipment.PhoneField), shipment.InvoiceFields...)
	if got := jsonNames(cells); !slices.Equal(got, want) {
		t.Errorf("ShipmentCells JSON names\n%v\nwant core/shipment's\n%v", got, want)
	}
	if got := jsonNames(lines); !slices.Equal(got, shipment.OrderLineFields) {
		t.Errorf("OrderLineCells JSON names %v; want %v", got, shipment.OrderLineFields)
	}

	// The parcel form: every text field is a cell of the same name and number,
	// and every cell below the invoice columns is a field of the form.
	byName := map[string]protoField{}
	for _, f := range cells {
		byName[f.name] = f
	}
	dto := portalv1.File_portal_v1_parcels_proto.Messages().ByName("CsvShipmentDto").Fields()
	formFields := 0
	for i := range dto.Len() {
		fd := dto.Get(i)
		if fd.Kind() != protoreflect.StringKind {
			continue
		}
		formFields++
		if c, ok := byName[string(fd.Name())]; !ok || c.number != fd.Number() {
			t.Errorf("CsvShipmentDto.%s (%d) has no cell of that name and number: %+v", fd.Name(), fd.Number(), c)
		}
	}
	if want := len(shipment.Fields) + 1; formFields != want {
		t.Errorf("CsvShipmentDto has %d text fields; want the %d CSV fields and the phone", formFields, want)
	}
	if line := fieldsOf(&portalv1.ParcelOrderLine{}); !slices.Equal(line, lines) {
		t.Errorf("ParcelOrderLine %v\ndiffers from OrderLineCells %v", line, lines)
	}
}
