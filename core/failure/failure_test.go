package failure

import (
	"errors"
	"fmt"
	"testing"
)

func TestNewPairsParams(t *testing.T) {
	e := New(Invalid, "error.csvMaxRowsExceeded", "rows", "2001", "maxRows", "2000")
	if e.Params["rows"] != "2001" || e.Params["maxRows"] != "2000" || len(e.Params) != 2 {
		t.Fatalf("params = %v", e.Params)
	}
}

func TestAsFindsWrappedFailure(t *testing.T) {
	cause := errors.New("duplicate key")
	wrapped := fmt.Errorf("save: %w", &Error{Kind: Conflict, Key: "error.loginexists", Cause: cause})
	e, ok := As(wrapped)
	if !ok || e.Kind != Conflict || !errors.Is(wrapped, cause) {
		t.Fatalf("As() = %v, %v", e, ok)
	}
	if _, ok := As(errors.New("plain")); ok {
		t.Fatal("a plain error is not an expected failure")
	}
}

func TestErrorTextNamesFields(t *testing.T) {
	e := InvalidFields(FieldViolation{Object: "registration", Field: "login", Rule: "pattern"})
	if got := e.Error(); got != "error.validation registration.login:pattern" {
		t.Fatalf("Error() = %q", got)
	}
}

func TestHasKey(t *testing.T) {
	err := fmt.Errorf("find: %w", New(NotFound, "error.userNotFound"))
	if !HasKey(err, "error.userNotFound") || HasKey(err, "error.other") || HasKey(errors.New("x"), "x") {
		t.Fatal("HasKey does not match by key")
	}
}
