package management

import "parcelportal/core/profile"

// GetVersion names the running build.
func (q Queries) GetVersion() profile.Build { return q.Build }
