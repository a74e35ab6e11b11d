// Package clock is the time a use case reads: production leaves it unset
// and reads the system's clock, tests set a fixed one.
package clock

import "time"

// Clock tells the time; a nil Clock reads the system's.
type Clock func() time.Time

// UTC is the clock's time in UTC.
func (c Clock) UTC() time.Time {
	if c == nil {
		return time.Now().UTC()
	}
	return c().UTC()
}
