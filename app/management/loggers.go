package management

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/loglevel"
)

// Loggers are the portal's named loggers, whose levels change while the
// process runs.
type Loggers interface {
	Loggers() []Logger
	// SetLevel gives the logger a level of loglevel.Levels; false when no
	// logger has the name.
	SetLevel(name, level string) bool
}

// Logger is one named logger and its level.
type Logger struct {
	Name            string
	ConfiguredLevel string
	EffectiveLevel  string
}

// KeyLoggerNotFound is the failure of a logger name nobody knows.
const KeyLoggerNotFound = "error.logger.notFound"

// ListLoggers returns the loggers to an admin.
func (q Queries) ListLoggers(_ context.Context, caller *access.Caller) ([]Logger, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return q.Loggers.Loggers(), nil
}

// SetLoggerLevel changes a logger's level for the running process; an
// unknown level or logger changes nothing.
func (q Queries) SetLoggerLevel(_ context.Context, caller *access.Caller, name, level string) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
	parsed, err := loglevel.Parse(level)
	if err != nil {
		return err
	}
	if !q.Loggers.SetLevel(name, parsed) {
		return failure.New(failure.NotFound, KeyLoggerNotFound, "name", name)
	}
	return nil
}
