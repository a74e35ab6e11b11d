package batch

import (
	"testing"

	"parcelportal/core/failure"
)

func TestTrafficKind(t *testing.T) {
	if r, err := TrafficKind("request"); r || err != nil {
		t.Errorf("request = %v, %v", r, err)
	}
	if r, err := TrafficKind("response"); !r || err != nil {
		t.Errorf("response = %v, %v", r, err)
	}
	for _, bad := range []string{"", "responses", "Request"} {
		if _, err := TrafficKind(bad); !failure.HasKey(err, KeyTrafficKind) {
			t.Errorf("%q = %v", bad, err)
		}
	}
}
