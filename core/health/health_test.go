package health

import (
	"errors"
	"testing"
	"time"
)

func TestAggregate(t *testing.T) {
	cases := []struct {
		name       string
		components map[string]Component
		want       Status
	}{
		{"nothing known", nil, Up},
		{"all up", map[string]Component{"db": Healthy(), "redis": Healthy()}, Up},
		{"one down", map[string]Component{"db": Healthy(), "redis": Failing(errors.New("refused"))}, Down},
		{"unknown status counts as down", map[string]Component{"db": {Status: "UNKNOWN"}}, Down},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Aggregate(c.components).Status; got != c.want {
				t.Errorf("Aggregate() = %s, want %s", got, c.want)
			}
		})
	}
}

func TestFailingNamesTheCause(t *testing.T) {
	c := Failing(errors.New("connection refused"))
	if c.Status != Down || c.Details["error"] != "connection refused" {
		t.Fatalf("Failing() = %+v", c)
	}
}

func TestStatusOnlyHidesTheDetails(t *testing.T) {
	failing := Failing(errors.New(`password authentication failed for user "portal" at 10.0.0.5`))
	failing.Latency = time.Second
	r := Aggregate(map[string]Component{"db": failing, "redis": Healthy()})
	got := r.StatusOnly()
	if got.Status != Down || len(got.Components) != 2 {
		t.Fatalf("StatusOnly() = %+v", got)
	}
	// The component DOWN is named, with nothing of its cause.
	if db := got.Components["db"]; db.Status != Down || db.Details != nil || db.Latency != 0 {
		t.Fatalf("db = %+v", db)
	}
	if got.Components["redis"].Status != Up {
		t.Fatalf("redis = %+v", got.Components["redis"])
	}
}
