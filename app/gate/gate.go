// Package gate bounds how many requests of one kind a process works on at
// once; the others wait their turn holding only their request.
package gate

import "context"

// Gate lets at most n holders in at once. Batch uploads pass one: an upload
// holds every row of its file in memory while it is validated and written
// (about 2 KB a row); when 200 users uploaded 500-row batches at the same
// moment, that was 200 MB of live heap and the portal grew to 440 MB (issue
// 16's `make load`). Anonymous parcel inquiries pass another before their
// body is read: a body inflates to up to 33 MB and is held several times
// over while it is decoded (issue 22). Reading and decoding is CPU work, so
// a few at a time per core take no longer in all than all of them at once.
// The zero Gate lets everybody in.
type Gate struct{ slots chan struct{} }

// New lets n holders in at once (n below 1 counts as 1).
func New(n int) Gate {
	return Gate{slots: make(chan struct{}, max(n, 1))}
}

// Enter waits for a free slot, or for the caller to give up, and answers
// the function that frees the slot again.
func (g Gate) Enter(ctx context.Context) (leave func(), err error) {
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
