// Package app holds the portal's use cases, one package per area and one file
// per command or query. A use case takes its ports as small interfaces and
// orchestrates core rules; it knows no transport and no SQL.
package app
