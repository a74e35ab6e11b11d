package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/downloadtoken/storetest"
)

func TestDownloadTokensContract(t *testing.T) {
	storetest.Contract(t, memory.NewDownloadTokens())
}
