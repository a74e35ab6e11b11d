package shipment

import (
	"runtime"
	"sync"
)

// ValidateAll validates a batch's drafts, spread over the processors: rows
// are independent, and a 2000-row upload is waiting for the answer.
func ValidateAll(drafts []Draft, r Rules) []Validated {
	out := make([]Validated, len(drafts))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(drafts)/64))
	chunk := (len(drafts) + workers - 1) / workers
	var wg sync.WaitGroup
	for start := 0; start < len(drafts); start += chunk {
		end := min(start+chunk, len(drafts))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := start; i < end; i++ {
				out[i] = Validate(drafts[i], r)
			}
		}()
	}
	wg.Wait()
	return out
}
