// Package loglevel names the levels an operator can give a logger at run
// time, as the administration console's logs page offers them.
package loglevel

import (
	"slices"
	"strings"

	"parcelportal/core/failure"
)

// The levels, from the most to the least talkative. OFF silences a logger.
const (
	Trace = "TRACE"
	Debug = "DEBUG"
	Info  = "INFO"
	Warn  = "WARN"
	Error = "ERROR"
	Off   = "OFF"
)

// Levels are every level in order.
var Levels = []string{Trace, Debug, Info, Warn, Error, Off}

// KeyLevel is the failure of a level that is none of Levels.
const KeyLevel = "error.logger.level"

// Parse reads a level in any case; anything else is refused with KeyLevel
// and the levels allowed.
func Parse(s string) (string, error) {
	level := strings.ToUpper(strings.TrimSpace(s))
	if !slices.Contains(Levels, level) {
		return "", failure.New(failure.Invalid, KeyLevel, "levels", strings.Join(Levels, ", "))
	}
	return level, nil
}
