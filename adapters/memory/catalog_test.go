package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/management/managementtest"
	"parcelportal/core/reference"
)

func TestCatalogContract(t *testing.T) {
	managementtest.CatalogReaderContract(t, memory.NewCatalog(reference.Standard()))
}
