package batches

import "context"

// UploadGate bounds how many uploads one process reads, validates and
// stores at once. An upload holds every row of its file in memory while it
// is validated and written (about 2 KB a row); when 200 users uploaded
// 500-row batches at the same moment, that was 200 MB of live heap and the
// portal grew to 440 MB (issue 16's `make load`). Reading and validating is
// CPU work, so a few uploads at a time per core take no longer in all than
// all of them at once: the others wait their turn holding only their
// request. The zero UploadGate lets every upload in.
type UploadGate struct{ slots chan struct{} }

// NewUploadGate lets n uploads in at once (n below 1 counts as 1).
func NewUploadGate(n int) UploadGate {
	return UploadGate{slots: make(chan struct{}, max(n, 1))}
}

// enter waits for a free slot, or for the caller to give up, and answers
// the function that frees the slot again.
func (g UploadGate) enter(ctx context.Context) (leave func(), err error) {
	if g.slots == nil {
		return func() {}, nil
	}
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
