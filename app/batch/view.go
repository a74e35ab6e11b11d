package batch

import (
	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// Actions are the batch page's buttons for the caller (spec 2 sections 2.1
// and 4.2).
type Actions struct {
	batch.Actions
	Delete bool
	View   bool
}

// View is a batch with what the caller may do with it.
type View struct {
	batch.Batch
	Actions Actions
}

func viewOf(caller *access.Caller, b batch.Batch) View {
	return View{Batch: b, Actions: Actions{
		Actions: batch.ActionsFor(b.Status, caller.IsAdmin(), b.RowCount, b.HasInvoice),
		Delete:  batch.Removable(b.Status),
		View:    batch.Viewable(b.Status),
	}}
}
