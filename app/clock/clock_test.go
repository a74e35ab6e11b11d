package clock

import (
	"testing"
	"time"
)

func TestUTC(t *testing.T) {
	at := time.Date(2026, 6, 1, 11, 30, 0, 0, time.FixedZone("CEST", 2*3600))
	if got := Clock(func() time.Time { return at }).UTC(); !got.Equal(at) || got.Location() != time.UTC {
		t.Fatalf("set clock read %v", got)
	}
	before := time.Now()
	if got := Clock(nil).UTC(); got.Before(before) || got.Location() != time.UTC {
		t.Fatalf("unset clock read %v", got)
	}
}
