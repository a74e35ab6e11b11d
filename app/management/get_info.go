package management

import (
	"context"
	"fmt"
	"time"

	"parcelportal/core/profile"
)

// GetInfo returns the application profile the shell renders.
func (q Queries) GetInfo(ctx context.Context) (profile.Profile, error) {
	catalog, err := q.Catalogs.Catalog(ctx)
	if err != nil {
		return profile.Profile{}, fmt.Errorf("read reference data: %w", err)
	}
	now := time.Now
	if q.Now != nil {
		now = q.Now
	}
	return profile.Describe(q.Settings, q.Build, catalog, now()), nil
}
