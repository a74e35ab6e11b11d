package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/carrier"
	"parcelportal/core/printer"
)

// Printed tells what a print job sent.
type Printed struct {
	Labels  int
	Printer printer.Printer
}

// Print sends stored ZPL labels to one of the customer's network printers.
// The caller names the customer, the printer's id and the labels; the
// server reads the labels with the checks of their downloads and sends
// exactly those to the stored printer's address.
func (s Service) Print(ctx context.Context, caller *access.Caller, customerID, printerID int64, labels printer.Selection) (Printed, error) {
	if err := usable(caller, customerID); err != nil {
		return Printed{}, err
	}
	if err := labels.Validate(); err != nil {
		return Printed{}, err
	}
	p, err := s.Store.Get(ctx, customerID, printerID)
	if err != nil {
		return Printed{}, err
	}
	zpl, err := s.stored(ctx, caller, labels)
	if err != nil {
		return Printed{}, err
	}
	if err := printer.CheckJob(zpl); err != nil {
		return Printed{}, err
	}
	if err := s.Device.Send(ctx, p.Address(), zpl); err != nil {
		return Printed{}, err
	}
	return Printed{Labels: printer.Labels(zpl), Printer: p}, nil
}

// stored reads the selected labels as one job.
func (s Service) stored(ctx context.Context, caller *access.Caller, labels printer.Selection) ([]byte, error) {
	var f LabelFile
	var err error
	switch labels.Source {
	case printer.FromBatch:
		f, err = s.Labels.BatchLabels(ctx, caller, labels.BatchID)
	case printer.FromShipments:
		f, err = s.Labels.ShipmentLabels(ctx, caller, labels.IDs)
	case printer.FromSearch:
		f, err = s.Labels.SearchLabels(ctx, caller, labels.Search)
	case printer.FromParcels:
		parts := make([][]byte, 0, len(labels.IDs))
		for _, id := range labels.IDs {
			one, err := s.Labels.ParcelLabel(ctx, caller, id)
			if err != nil {
				return nil, err
			}
			if err := printer.CheckJob(one.Data); err != nil {
				return nil, err
			}
			parts = append(parts, one.Data)
		}
		return carrier.JoinZPL(parts), nil
	}
	return f.Data, err
}
