package rpc_test

import (
	"slices"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/addressbook"
	"parcelportal/core/shipment"
)

// The address book's entry and the report's invoice data name the shipment's
// fields as the parcel form, the grid and core do: one name per field in the
// proto, and one rule per field in core.

// TestAddressBookEntryRulesAreCores holds AddressBookEntry to core/addressbook:
// its text fields are core's Fields in core's order; every one but the
// recipient number is the parcel form's field of the same name, with the
// parcel's limit (core/shipment); and the rules the proto states for the
// browser, lengths and mandatory fields, are exactly those core/addressbook
// answers, which the server applies (the requests ignore the annotations).
func TestAddressBookEntryRulesAreCores(t *testing.T) {
	entry := (&portalv1.AddressBookEntry{}).ProtoReflect().Descriptor()
	form := (&portalv1.CsvShipmentDto{}).ProtoReflect().Descriptor()
	mandatory := map[string]bool{}
	for _, v := range addressbook.Validate(addressbook.Address{}) {
		if v.Key == addressbook.KeyNotEmpty {
			mandatory[v.Field] = true
		}
	}
	if len(mandatory) == 0 {
		t.Fatal("core/addressbook names no mandatory field")
	}
	var names []string
	fields := entry.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.Kind() != protoreflect.StringKind {
			continue
		}
		name := fd.JSONName()
		names = append(names, name)
		rules, _ := proto.GetExtension(fd.Options(), validate.E_Field).(*validate.FieldRules)
		if got, want := int(rules.GetString().GetMaxLen()), addressbook.MaxLength(name); got != want {
			t.Errorf("AddressBookEntry.%s max_len %d; core/addressbook's is %d", fd.Name(), got, want)
		}
		if rules.GetRequired() != mandatory[name] {
			t.Errorf("AddressBookEntry.%s required = %t; core/addressbook mandatory = %t", fd.Name(), rules.GetRequired(), mandatory[name])
		}
		if name == "recipientNumber" {
			continue
		}
		shared := form.Fields().ByName(fd.Name())
		if shared == nil || shared.JSONName() != name || shared.Kind() != protoreflect.StringKind {
			t.Errorf("AddressBookEntry.%s is no CsvShipmentDto field of the same name", fd.Name())
		}
		if addressbook.MaxLength(name) != shipment.MaxLength(name) {
			t.Errorf("%s: the address book's limit %d is not the parcel's %d", name, addressbook.MaxLength(name), shipment.MaxLength(name))
		}
	}
	if !slices.Equal(names, addressbook.Fields) {
		t.Errorf("AddressBookEntry's text fields %v\nwant core/addressbook.Fields %v", names, addressbook.Fields)
	}
	for _, req := range []proto.Message{&portalv1.CreateAddressBookEntryRequest{}, &portalv1.UpdateAddressBookEntryRequest{}} {
		fd := req.ProtoReflect().Descriptor().Fields().ByName("entry")
		rules, _ := proto.GetExtension(fd.Options(), validate.E_Field).(*validate.FieldRules)
		if rules.GetIgnore() != validate.Ignore_IGNORE_ALWAYS {
			t.Errorf("%s.entry is checked by the interceptor too; core/addressbook answers its rules with the spec's keys", req.ProtoReflect().Descriptor().Name())
		}
	}
}

// TestReportInvoiceDataIsTheInvoiceColumns holds the report's invoice data to
// the invoice columns: core/shipment's InvoiceFields as JSON names, in order,
// each the grid's cell of the same name; text but for the incoterm and the
// reason of export, which are the invoice's enums.
func TestReportInvoiceDataIsTheInvoiceColumns(t *testing.T) {
	data := fieldsOf(&portalv1.ReportInvoiceData{})
	if got := jsonNames(data); !slices.Equal(got, shipment.InvoiceFields) {
		t.Errorf("ReportInvoiceData JSON names\n%v\nwant core/shipment.InvoiceFields\n%v", got, shipment.InvoiceFields)
	}
	cells := (&portalv1.ShipmentCells{}).ProtoReflect().Descriptor().Fields()
	fds := (&portalv1.ReportInvoiceData{}).ProtoReflect().Descriptor().Fields()
	for i := range fds.Len() {
		fd := fds.Get(i)
		if cell := cells.ByName(fd.Name()); cell == nil || cell.JSONName() != fd.JSONName() {
			t.Errorf("ReportInvoiceData.%s is no ShipmentCells field of the same name", fd.Name())
		}
		enum := fd.Name() == "incoterm" || fd.Name() == "reason_of_export"
		if enum != (fd.Kind() == protoreflect.EnumKind) || !enum && fd.Kind() != protoreflect.StringKind {
			t.Errorf("ReportInvoiceData.%s is %s", fd.Name(), fd.Kind())
		}
	}
}
