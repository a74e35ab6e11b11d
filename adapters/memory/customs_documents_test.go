package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/customsdocs/storetest"
)

func TestCustomsDocumentsContract(t *testing.T) {
	t.Parallel()
	store := memory.NewCustomsDocuments(map[string]int64{"DE10000001": 1, "NL20000002": 2})
	storetest.Contract(t, store, [2]string{"DE10000001", "NL20000002"}, [2]int64{1, 2}, 3)
}
