package memory_test

import (
	"testing"

	"parcelportal/app/batchjob/worktest"
)

func TestBatchWorkContract(t *testing.T) {
	worktest.Contract(t, worktest.Memory)
}
