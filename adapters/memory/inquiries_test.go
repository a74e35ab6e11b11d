package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/inquiries/storetest"
)

func TestInquiriesContract(t *testing.T) {
	storetest.Contract(t, &memory.Inquiries{CustomerTenants: map[int64]int64{1: 7}, Tenants: []int64{7}}, 7, 1, 2)
}
