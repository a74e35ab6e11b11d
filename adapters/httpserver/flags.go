package httpserver

import (
	"flag"
	"fmt"
	"strconv"
	"time"
)

// Flags reads a simulator's flags: a flag not given falls back to its
// environment variable, then to its default. Values are checked once the
// flags are parsed; Err answers the first one refused.
type Flags struct {
	set    *flag.FlagSet
	lookup func(string) (string, bool)
	errs   []error
}

// NewFlags defines flags on fs and reads environment variables through
// lookup (os.LookupEnv outside tests).
func NewFlags(fs *flag.FlagSet, lookup func(string) (string, bool)) *Flags {
	return &Flags{set: fs, lookup: lookup}
}

// String defines a flag whose default is the variable's value when it is
// set and not empty, else fallback.
func (f *Flags) String(name, variable, fallback, usage string) *string {
	if v, ok := f.lookup(variable); ok && v != "" {
		fallback = v
	}
	return f.set.String(name, fallback, usage)
}

// Parse parses the command line.
func (f *Flags) Parse(args []string) error { return f.set.Parse(args) }

// Duration reads v, the value of the flag name, as a duration of zero or more.
func (f *Flags) Duration(name, v string) time.Duration {
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		f.errs = append(f.errs, fmt.Errorf("%s: %q is not a duration such as 100ms", name, v))
	}
	return d
}

// Rate reads v, the value of the flag name, as a share from 0 to 1.
func (f *Flags) Rate(name, v string) float64 {
	r, err := strconv.ParseFloat(v, 64)
	if err != nil || r < 0 || r > 1 {
		f.errs = append(f.errs, fmt.Errorf("%s: %q is not a number from 0 to 1", name, v))
	}
	return r
}

// Err is the first value Duration or Rate refused, or nil.
func (f *Flags) Err() error {
	if len(f.errs) > 0 {
		return f.errs[0]
	}
	return nil
}
