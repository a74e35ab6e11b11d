package batch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// Delete removes a batch with its rows and shipments, unless a job works on
// it or it has a manifest (spec 2 section 2.1).
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return err
	}
	return s.Store.Delete(ctx, id, func(b batch.Batch) error {
		if !batch.Removable(b.Status) || b.Counts.HasManifest {
			return notNow(b.Status, "delete")
		}
		return nil
	})
}
