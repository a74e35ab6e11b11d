// Package health decides what the portal reports about itself to monitoring:
// the portal is UP only when every component it depends on is UP.
package health

import (
	"maps"
	"time"
)

// Status is UP or DOWN, spelled as monitoring tools expect.
type Status string

// The two states a component or the portal can be in.
const (
	Up   Status = "UP"
	Down Status = "DOWN"
)

// Component is the health of one dependency, such as the database.
type Component struct {
	Status  Status
	Details map[string]string
	// Latency is how long the component took to answer its probe.
	Latency time.Duration
}

// Report is the portal's health: its own status and that of each component.
type Report struct {
	Status     Status
	Components map[string]Component
}

// Healthy returns an UP component.
func Healthy() Component { return Component{Status: Up} }

// Failing returns a DOWN component that names the cause, so that whoever reads
// the report knows where to look.
func Failing(cause error) Component {
	return Component{Status: Down, Details: map[string]string{"error": cause.Error()}}
}

// Aggregate builds the report from the components' states. A portal with no
// components known is UP: nothing it depends on is failing.
func Aggregate(components map[string]Component) Report {
	report := Report{Status: Up, Components: maps.Clone(components)}
	for _, c := range components {
		if c.Status != Up {
			report.Status = Down
		}
	}
	return report
}

// StatusOnly is the report as an anonymous caller sees it: the portal's
// status and each component's, by name, without the details, which name
// hosts, logins and error texts of the dependencies. The names stay so that
// a monitor (and an admin whose sign-in cannot be checked while Kratos or
// its database is away) learns which component is DOWN.
func (r Report) StatusOnly() Report {
	out := Report{Status: r.Status}
	if len(r.Components) > 0 {
		out.Components = make(map[string]Component, len(r.Components))
		for name, c := range r.Components {
			out.Components[name] = Component{Status: c.Status}
		}
	}
	return out
}
