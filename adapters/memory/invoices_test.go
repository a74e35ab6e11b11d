package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/reports/invoicestoretest"
)

func TestInvoicesContract(t *testing.T) {
	invoicestoretest.Contract(t, &memory.Invoices{}, invoicestoretest.Fixture{
		Customers: [2]int64{1, 2}, CRMIDs: [2]string{"DE10000001", "NL10000003"},
		Mine: [4]int64{11, 12, 13, 14}, Theirs: [2]int64{21, 22},
	})
}
