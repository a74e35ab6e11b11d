// Package rpctest holds what tests of the wired API use to attack it: gzip
// bombs and a watch on the heap while a request runs, so that a test can
// say how much memory a refused body made the server hold.
package rpctest

import (
	"bytes"
	"compress/gzip"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Gzipped compresses prefix, size bytes of fill and suffix: a bomb when
// size is large (200 MB of one byte inflate from about 250 KB).
func Gzipped(t testing.TB, prefix string, fill byte, size int, suffix string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = zw.Write([]byte(prefix))
	chunk := bytes.Repeat([]byte{fill}, 1<<20)
	for written := 0; written < size; written += len(chunk) {
		_, _ = zw.Write(chunk[:min(len(chunk), size-written)])
	}
	_, _ = zw.Write([]byte(suffix))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// HeapWatch samples the heap of this process while a request runs and
// reports how far it grew above where it started.
type HeapWatch struct {
	base uint64
	peak atomic.Uint64
	stop chan struct{}
	done sync.WaitGroup
}

// WatchHeap starts sampling, after a collection so that the start is low.
func WatchHeap() *HeapWatch {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w := &HeapWatch{base: m.HeapInuse, stop: make(chan struct{})}
	w.peak.Store(m.HeapInuse)
	w.done.Go(func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-tick.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapInuse > w.peak.Load() {
					w.peak.Store(m.HeapInuse)
				}
			}
		}
	})
	return w
}

// GrownMB stops the watch and answers the growth of the heap in MB.
func (w *HeapWatch) GrownMB() float64 {
	close(w.stop)
	w.done.Wait()
	return float64(w.peak.Load()-w.base) / (1 << 20)
}
