package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/documents/storetest"
)

func TestDocsContract(t *testing.T) { storetest.DocsContract(t, memory.NewDocs()) }

func TestAcssContract(t *testing.T) {
	storetest.AcssContract(t, memory.NewAcsses(map[int64]string{7: "Parcel Portal Germany"}), 7, "Parcel Portal Germany")
}
