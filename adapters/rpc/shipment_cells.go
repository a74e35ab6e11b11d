package rpc

import (
	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/shipment"
)

// The typed shipment messages name each field once, in the proto; their JSON
// names are core/shipment's field names (and the CSV header's). The mappers
// below go by those names, so they list no field themselves.

// cellsInto sets one FieldValue per checked cell of a ShipmentCells or an
// OrderLineCells; a name the message lacks is left out (the field-list test
// proves core has none).
func cellsInto(m protoreflect.Message, cells map[string]shipment.Value) {
	fields := m.Descriptor().Fields()
	for name, c := range cells {
		fd := fields.ByJSONName(name)
		if fd == nil {
			continue
		}
		m.Set(fd, protoreflect.ValueOfMessage(fieldValueToProto(c).ProtoReflect()))
	}
}

func fieldValueToProto(c shipment.Value) *portalv1.FieldValue {
	fv := &portalv1.FieldValue{Value: c.Value, Violations: make([]*portalv1.Violation, len(c.Violations))}
	for i, v := range c.Violations {
		fv.Violations[i] = &portalv1.Violation{Message: v.Key, Attributes: v.Attributes}
	}
	return fv
}

// textsInto sets the text fields of a ShipmentTexts, an OrderLineTexts or a
// ReportInvoiceData by their JSON names; names the message lacks, and fields
// that are no text (the invoice data's incoterm and reason enums), are left
// to the caller.
func textsInto(m protoreflect.Message, values map[string]string) {
	fields := m.Descriptor().Fields()
	for name, v := range values {
		if fd := fields.ByJSONName(name); fd != nil && fd.Kind() == protoreflect.StringKind && !fd.IsList() {
			m.Set(fd, protoreflect.ValueOfString(v))
		}
	}
}

// textsOf reads the fields a ShipmentTexts or an OrderLineTexts carries, by
// name; a field left out stays out (an invoice column sent empty is kept).
func textsOf(m protoreflect.Message) map[string]string {
	out := map[string]string{}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		out[fd.JSONName()] = v.String()
		return true
	})
	return out
}

func shipmentCellsToProto(cells map[string]shipment.Value) *portalv1.ShipmentCells {
	out := &portalv1.ShipmentCells{}
	cellsInto(out.ProtoReflect(), cells)
	return out
}

func orderLinesCellsToProto(lines []map[string]shipment.Value) []*portalv1.ValidatedOrderLine {
	out := make([]*portalv1.ValidatedOrderLine, len(lines))
	for i, l := range lines {
		cells := &portalv1.OrderLineCells{}
		cellsInto(cells.ProtoReflect(), l)
		out[i] = &portalv1.ValidatedOrderLine{Fields: cells}
	}
	return out
}
