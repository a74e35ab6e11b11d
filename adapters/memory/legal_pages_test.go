package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/documents/storetest"
)

func TestLegalPagesContract(t *testing.T) {
	storetest.LegalContract(t, memory.NewLegalPages([]int64{7, 3}, map[int64]int64{42: 7}), 3, 7, 42, 99)
}
