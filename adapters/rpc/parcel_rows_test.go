package rpc

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"parcelportal/app/parcels"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// A parcel list reads only parcel.ListedFields of each form: a row made
// from the listed parcel must be the row of the whole one, so a column
// that reads another field fails here instead of showing empty.
func TestAParcelRowShowsOnlyListedFields(t *testing.T) {
	fields := map[string]shipment.Value{}
	for _, name := range shipment.Fields {
		fields[name] = shipment.Value{Value: "value of " + name}
	}
	whole := parcel.Parcel{ID: 7, UUID: "u", Source: parcel.IndividualParcel, LabelType: "PDF", APIClient: "SHIPPING",
		Validated: shipment.Validated{Valid: true, Fields: fields, OrderLines: []map[string]shipment.Value{{"description": {Value: "Books"}}}}}
	got, want := parcelRowToProto(parcels.Row{Parcel: whole.Listed()}), parcelRowToProto(parcels.Row{Parcel: whole})
	if !proto.Equal(got, want) {
		t.Fatalf("listed row %v, whole row %v", got, want)
	}
	if want.GetReceiverName() != "value of name" || want.GetDestination() != "value of isoCountry" {
		t.Fatalf("row = %v", want)
	}
}
