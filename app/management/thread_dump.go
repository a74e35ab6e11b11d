package management

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/goroutines"
)

// GoroutineDumper reads the stacks of the running goroutines, in the
// format of runtime/pprof's goroutine profile at debug level 2.
type GoroutineDumper interface {
	GoroutineDump() string
}

// ThreadDump is the goroutines grouped by state and stack.
type ThreadDump struct {
	Count  int
	Groups []goroutines.Group
}

// GetThreadDump returns the running goroutines to an admin.
func (q Queries) GetThreadDump(_ context.Context, caller *access.Caller) (ThreadDump, error) {
	if err := access.Admins.Check(caller); err != nil {
		return ThreadDump{}, err
	}
	groups, count := goroutines.Parse(q.Goroutines.GoroutineDump())
	return ThreadDump{Count: count, Groups: groups}, nil
}
