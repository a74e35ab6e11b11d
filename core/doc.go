// Package core holds the portal's domain: one package per concept, pure Go,
// no I/O. Adapters and use cases depend on it, never the other way round;
// core_test.go enforces that.
package core
