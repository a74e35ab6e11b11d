package health

import (
	"errors"
	"testing"
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

func TestStatusOnlyHidesTheComponents(t *testing.T) {
	r := Aggregate(map[string]Component{"db": Failing(errors.New(`password authentication failed for user "portal" at 10.0.0.5`))})
	got := r.StatusOnly()
	if got.Status != Down || got.Components != nil {
		t.Fatalf("StatusOnly() = %+v", got)
	}
}
