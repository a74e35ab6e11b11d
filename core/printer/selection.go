package printer

import (
	"strconv"

	"parcelportal/core/failure"
)

// Source is where the labels of a print job come from.
type Source int

// The sources of a print job's labels: a batch, chosen shipments, chosen
// parcels, or every row of a report search.
const (
	FromBatch Source = iota + 1
	FromShipments
	FromParcels
	FromSearch
)

// MaxSelected is the most shipments or parcels one print job names: a
// batch's worth.
const MaxSelected = 2000

// KeyNoLabelsChosen answers a print job that names no labels.
const KeyNoLabelsChosen = "error.networkPrinter.noLabelsChosen"

// Selection names the stored labels a print job sends. A print job never
// carries printer data: the server takes the labels it made, with the same
// checks as their downloads, and sends exactly those.
type Selection struct {
	Source  Source
	BatchID int64
	// IDs are the shipments' or the parcels' ids.
	IDs []int64
	// Search is the report search whose rows' labels print.
	Search string
}

// Validate refuses a selection that names no labels, or too many.
func (s Selection) Validate() error {
	ok := false
	switch s.Source {
	case FromBatch:
		ok = s.BatchID > 0
	case FromShipments, FromParcels:
		ok = len(s.IDs) > 0 && len(s.IDs) <= MaxSelected
		for _, id := range s.IDs {
			ok = ok && id > 0
		}
	case FromSearch:
		ok = true
	}
	if !ok {
		return failure.New(failure.Invalid, KeyNoLabelsChosen, "max", strconv.Itoa(MaxSelected))
	}
	return nil
}
