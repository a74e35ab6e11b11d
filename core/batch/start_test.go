package batch_test

import (
	"errors"
	"testing"

	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

func TestStartMovesWithNoProgressAndNoError(t *testing.T) {
	b := batch.Batch{Status: batch.Created, Processed: 3, ErrorMessage: "error.earlier"}
	err := b.Start(batch.StartSend, false, func(b *batch.Batch) error {
		if b.Status != batch.Created {
			t.Errorf("prepare sees %s, not the batch as it is", b.Status)
		}
		b.Total = 2
		return nil
	})
	if err != nil || b.Status != batch.Sending || b.Processed != 0 || b.ErrorMessage != "" || b.Total != 2 {
		t.Errorf("Start: %v, %+v", err, b)
	}
}

func TestStartRefusesAndKeepsTheStatus(t *testing.T) {
	prepared := false
	b := batch.Batch{Status: batch.Sent, ErrorMessage: "error.earlier"}
	err := b.Start(batch.StartSend, true, func(*batch.Batch) error { prepared = true; return nil })
	var f *failure.Error
	if !errors.As(err, &f) || f.Key != batch.KeyNotAllowedNow || prepared || b.Status != batch.Sent || b.ErrorMessage != "error.earlier" {
		t.Errorf("refused Start: %v, prepared %v, %+v", err, prepared, b)
	}
	refusal := errors.New("nothing to send")
	b = batch.Batch{Status: batch.Created}
	if err := b.Start(batch.StartSend, false, func(*batch.Batch) error { return refusal }); !errors.Is(err, refusal) || b.Status != batch.Created {
		t.Errorf("prepare's refusal: %v, %s", err, b.Status)
	}
}
