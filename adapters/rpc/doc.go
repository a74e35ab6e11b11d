// Package rpc exposes the use cases over Connect (and gRPC, gRPC-Web) and,
// through vanguard, over the REST paths of the spec. It owns the mapping
// between domain types and protobuf messages, the single mapping of failures
// to status codes, and the REST rendering of errors.
package rpc
