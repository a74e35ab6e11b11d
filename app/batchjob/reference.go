package batchjob

import "fmt"

// Reference names one label attempt of a batch row at the carrier:
// b{batch}-r{position}-a{attempt}. A new attempt gets a new reference, so
// Find never mistakes an earlier, voided label for the current one.
func Reference(batchID int64, position, attempt int) string {
	return fmt.Sprintf("b%d-r%d-a%d", batchID, position, attempt)
}

// ManifestReference names the n-th manifest asked for a batch: m{batch}-{n}.
func ManifestReference(batchID int64, n int) string {
	return fmt.Sprintf("m%d-%d", batchID, n)
}
