package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/addresses/storetest"
)

func TestAddressBookContract(t *testing.T) { storetest.Contract(t, memory.NewAddressBook(), 1, 2) }
