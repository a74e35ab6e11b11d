package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/news/storetest"
)

func TestNewsContract(t *testing.T) { storetest.Contract(t, &memory.News{}) }
