package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/addressbook/storetest"
)

func TestAddressBookContract(t *testing.T) { storetest.Contract(t, memory.NewAddressBook(), 1, 2) }
