package rpc_test

import (
	"bytes"
	"testing"
)

// noUnspecified fails when an answer names an enum's zero value. Before the
// contract had enums, integrators read "" in those fields (a report row's
// API client for a non-admin, a label type before a label); an answer's
// enum field that may have no value is proto3 optional and left out then,
// never "*_UNSPECIFIED" (issue 23).
func noUnspecified(t *testing.T, name string, body []byte) {
	t.Helper()
	if bytes.Contains(body, []byte("_UNSPECIFIED")) {
		t.Errorf("%s names an unspecified enum value: %s", name, body)
	}
}
