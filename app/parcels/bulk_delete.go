package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// MaxBulk is the most parcels one bulk delete names.
const MaxBulk = 1000

// BulkFailure is a parcel a bulk delete left, with why.
type BulkFailure struct {
	ParcelID int64
	Message  string
	Params   map[string]string
}

// BulkDelete (admins, spec 2 section 6) deletes each parcel as Delete
// does; a parcel that cannot be deleted (not found, in a manifest, its
// label not cancelled) stays and is answered with the reason. Ids named
// twice are deleted once.
func (s Service) BulkDelete(ctx context.Context, caller *access.Caller, ids []int64) (deleted []int64, failed []BulkFailure, err error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, nil, err
	}
	if len(ids) == 0 || len(ids) > MaxBulk {
		return nil, nil, failure.New(failure.Invalid, "error.parcel.bulkSize", "max", "1000")
	}
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		err := s.Delete(ctx, caller, id)
		if err == nil {
			deleted = append(deleted, id)
			continue
		}
		f, ok := failure.As(err)
		if !ok {
			return deleted, failed, err
		}
		failed = append(failed, BulkFailure{ParcelID: id, Message: f.Key, Params: f.Params})
	}
	return deleted, failed, nil
}
