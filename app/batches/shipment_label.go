package batches

import (
	"context"
	"fmt"
	"parcelportal/core/carrier"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// ShipmentLabel sends a shipment's label: a PDF to preview or ZPL text.
func (s Service) ShipmentLabel(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	doc, err := s.Documents.ShipmentLabel(ctx, id)
	if err != nil {
		return File{}, err
	}
	if doc.Data == nil {
		return File{}, failure.New(failure.NotFound, batch.KeyShipmentNoLabel)
	}
	name := sh.Identifier
	if name == "" {
		name = fmt.Sprint(sh.ID)
	}
	if labelKind(doc) == carrier.LabelPDF {
		return File{Name: "label-" + name + ".pdf", ContentType: ContentPDF, Data: doc.Data}, nil
	}
	return File{Name: "label-" + name + ".zpl", ContentType: ContentZPL, Data: doc.Data}, nil
}
