package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/dashboards/storetest"
)

func TestDashboardCountsContract(t *testing.T) {
	store := &memory.DashboardCounts{}
	storetest.Contract(t, store, store, [2]int64{1, 2})
}
