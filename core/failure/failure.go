// Package failure is the vocabulary of expected failures: what went wrong in
// terms a user can be told, as a message key with parameters. Transports map
// a Kind to their own status codes in one place; anything that is not a
// *Error is an unexpected fault and is reported without its internals.
package failure

import (
	"errors"
	"fmt"
	"strings"
)

// Kind classifies a failure by what the caller can do about it.
type Kind int

// Kinds of expected failure.
const (
	// Invalid input: fix the request and try again.
	Invalid Kind = iota + 1
	// NotFound: the thing does not exist or is not visible to the caller.
	NotFound
	// Conflict: the thing's current state does not allow the request.
	Conflict
	// Unauthenticated: sign in first.
	Unauthenticated
	// Forbidden: signed in, but not allowed.
	Forbidden
	// Unavailable: a dependency is down; trying later may work.
	Unavailable
	// TooMany: slow down.
	TooMany
)

// FieldViolation is one broken rule on one field of the input.
type FieldViolation struct {
	Object string
	Field  string
	Rule   string
}

// Error is an expected failure with a translatable message.
type Error struct {
	Kind Kind
	// Key is the message key, such as "error.csvMaxRowsExceeded".
	Key    string
	Params map[string]string
	// Entity names what the failure concerns, such as "customer".
	Entity string
	Fields []FieldViolation
	// Cause is kept for logs; it is never shown to users.
	Cause error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Key)
	for _, f := range e.Fields {
		fmt.Fprintf(&b, " %s.%s:%s", f.Object, f.Field, f.Rule)
	}
	if e.Cause != nil {
		b.WriteString(": ")
		b.WriteString(e.Cause.Error())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Cause }

// New returns a failure of kind with a message key and optional parameters
// given as name, value pairs.
func New(kind Kind, key string, params ...string) *Error {
	e := &Error{Kind: kind, Key: key}
	if len(params) > 0 {
		e.Params = make(map[string]string, len(params)/2)
		for i := 0; i+1 < len(params); i += 2 {
			e.Params[params[i]] = params[i+1]
		}
	}
	return e
}

// InvalidFields is the failure for input that breaks field rules.
func InvalidFields(violations ...FieldViolation) *Error {
	return &Error{Kind: Invalid, Key: "error.validation", Fields: violations}
}

// As returns the expected failure inside err, if there is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// HasKey reports whether err is an expected failure with the message key.
// Compare by key, not identity: adapters build their own failures.
func HasKey(err error, key string) bool {
	e, ok := As(err)
	return ok && e.Key == key
}
