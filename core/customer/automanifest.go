package customer

import (
	"regexp"
	"slices"
)

// Weekdays of an auto-manifest schedule, in the order screens show them.
var Weekdays = []string{"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"}

var timePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// AutoManifest is when manifests close by themselves: on the days at the time.
type AutoManifest struct {
	Active bool
	Time   string
	Days   []string
}

// WithActive ticks or unticks active; unticking clears time and days.
func (a AutoManifest) WithActive(active bool) AutoManifest {
	if !active {
		return AutoManifest{}
	}
	a.Active = true
	return a
}

// WithDays sets the days in weekday order; removing all days turns it off.
func (a AutoManifest) WithDays(days []string) AutoManifest {
	var ordered []string
	for _, d := range Weekdays {
		if slices.Contains(days, d) {
			ordered = append(ordered, d)
		}
	}
	a.Days = ordered
	if len(ordered) == 0 {
		return AutoManifest{}
	}
	return a
}

// Normalized applies the transitions to a schedule as a whole: inactive holds
// no time or days.
func (a AutoManifest) Normalized() AutoManifest {
	if !a.Active {
		return AutoManifest{}
	}
	return a
}

// Violations lists the broken rules: an active schedule needs a time HH:mm
// and at least one day, every day is MONDAY to SUNDAY, none twice.
func (a AutoManifest) Violations() map[string]string {
	v := map[string]string{}
	for i, d := range a.Days {
		if !slices.Contains(Weekdays, d) || slices.Index(a.Days, d) != i {
			v["days"] = RulePattern
		}
	}
	if !a.Active {
		return v
	}
	if a.Time == "" {
		v["time"] = RuleRequired
	} else if !timePattern.MatchString(a.Time) {
		v["time"] = RulePattern
	}
	if len(a.Days) == 0 {
		v["days"] = RuleRequired
	}
	return v
}

// CanSave reports whether the schedule may be saved: inactive, or valid.
func (a AutoManifest) CanSave() bool { return !a.Active || len(a.Violations()) == 0 }
