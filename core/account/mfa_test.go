package account

import (
	"testing"
	"time"
)

func TestCodeFromNumber(t *testing.T) {
	for n, want := range map[int32]string{12345: "012345", 0: "000000", 999999: "999999"} {
		if got, err := CodeFromNumber(n); err != nil || got != want {
			t.Errorf("CodeFromNumber(%d) = %q, %v", n, got, err)
		}
	}
	for _, n := range []int32{-1, 1000000} {
		if _, err := CodeFromNumber(n); err == nil {
			t.Errorf("CodeFromNumber(%d) must fail", n)
		}
	}
}

func TestSkipUntil(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	if got, _ := SkipUntil(7, now); !got.Equal(now.AddDate(0, 0, 7)) {
		t.Errorf("7 days = %v", got)
	}
	if got, _ := SkipUntil(0, now); !got.Equal(now) {
		t.Errorf("0 days = %v", got)
	}
	if _, err := SkipUntil(5, now); err == nil {
		t.Error("5 days is not a choice")
	}
}

func TestNeedsSecondFactor(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	later, earlier := now.Add(time.Hour), now.Add(-time.Hour)
	cases := []struct {
		name               string
		feature, hasDevice bool
		skipUntil          time.Time
		want               bool
	}{
		{"feature off", false, true, time.Time{}, false},
		{"device registered", true, true, later, true},
		{"no device, never skipped", true, false, time.Time{}, true},
		{"no device, skip running", true, false, later, false},
		{"no device, skip over", true, false, earlier, true},
		{"no device, skip ends now", true, false, now, true},
	}
	for _, c := range cases {
		if got := NeedsSecondFactor(c.feature, c.hasDevice, c.skipUntil, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
