package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	docstoretest "parcelportal/app/documents/storetest"
	newsstoretest "parcelportal/app/news/storetest"
)

func TestDocsContract(t *testing.T) { docstoretest.DocsContract(t, memory.NewDocs()) }

func TestAcssContract(t *testing.T) {
	docstoretest.AcssContract(t, memory.NewAcsses(map[int64]string{7: "Parcel Portal Germany"}), 7, "Parcel Portal Germany")
}

func TestNewsContract(t *testing.T) { newsstoretest.Contract(t, &memory.News{}) }
