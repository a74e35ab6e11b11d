package batches

import (
	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// View is a batch with what the caller may do with it (spec 2 sections
// 2.1 and 4.2).
type View struct {
	batch.Batch
	Actions batch.Actions
}

func viewOf(caller *access.Caller, b batch.Batch) View {
	return View{Batch: b, Actions: batch.ActionsFor(b, caller.IsAdmin())}
}
