package rpc_test

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"parcelportal/adapters/progress"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/batches"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// revocable resolves bearers "<customer>:<session>" to a user of that
// customer whose identity is the bearer; a revoked bearer is refused, and
// the shared session changes say it changed, as after a sign-out in
// another portal process.
type revocable struct {
	mu      sync.Mutex
	revoked map[string]bool
}

func (r *revocable) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	customer, _, ok := strings.Cut(token, ":")
	id, err := strconv.ParseInt(customer, 10, 64)
	if !ok || err != nil || r.revoked[token] {
		return identity.CallerState{}, account.ErrBadCredentials
	}
	return identity.CallerState{Caller: &access.Caller{Login: token, IdentityID: token, Roles: []access.Role{access.User}, CustomerID: id}}, nil
}

func (r *revocable) revoke(token string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.revoked[token] = true
}

func (r *revocable) Epoch(context.Context) (uint64, error) { return 1, nil }
func (r *revocable) ChangedAt(_ context.Context, identityID string) (uint64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.revoked[identityID] {
		return 2, nil
	}
	return 0, nil
}
func (r *revocable) Changed(context.Context, string) error { return nil }

type watchAPI struct {
	batchesAPI
	sessions *revocable
	// worker publishes as the worker process does.
	worker *progress.Redis
	client portalv1connect.BatchServiceClient
}

// newWatchAPI serves the batch service with progress streams fed through
// the real Redis: the worker's feed and the portal's are separate clients.
func newWatchAPI(t testing.TB, perSession int) watchAPI {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	prefix := "watch-test-" + rand.Text()
	a := watchAPI{batchesAPI: newBatchesAPIOn(t), sessions: &revocable{revoked: map[string]bool{}}, worker: progress.New(addr, prefix, nil)}
	svc := a.svc
	svc.Progress = progress.New(addr, prefix, nil)
	a.srv = serveAPI(t, rpc.Handlers{
		Batches:  rpc.BatchHandler{Batches: svc, Watch: batches.WatchOptions{Heartbeat: 300 * time.Millisecond}},
		Callers:  a.sessions,
		Sessions: a.sessions,
		Streams:  rpc.StreamLimits{PerSession: perSession, Recheck: 50 * time.Millisecond},
	})
	a.client = portalv1connect.NewBatchServiceClient(a.srv.Client(), a.srv.URL)
	return a
}

func (a watchAPI) bearer(customer int64, session string) string {
	return strconv.FormatInt(customer, 10) + ":" + session
}

// sending stores a batch of the customer mine and moves it to SENDING.
func (a watchAPI) sending(t testing.TB, rows int) int64 {
	t.Helper()
	b, err := a.store.Create(context.Background(), batch.Batch{CustomerID: a.mine, FileName: "orders.csv", Status: batch.Created}, batchcsvtest.Generate(rows), nil)
	if err != nil {
		t.Fatal(err)
	}
	a.progress(t, b.ID, batch.Sending, 0, rows)
	return b.ID
}

// progress records what the worker would and announces it.
func (a watchAPI) progress(t testing.TB, id int64, s batch.Status, processed, total int) {
	t.Helper()
	if _, err := a.store.Update(context.Background(), id, func(b *batch.Batch) error {
		b.Status, b.Processed, b.Total = s, processed, total
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	a.worker.Changed(context.Background(), id)
}

func (a watchAPI) watch(ctx context.Context, bearer string, ids ...int64) *connect.ServerStreamForClient[portalv1.WatchBatchesResponse] {
	req := connect.NewRequest(&portalv1.WatchBatchesRequest{Ids: ids})
	req.Header().Set("Authorization", "Bearer "+bearer)
	stream, err := a.client.WatchBatches(ctx, req)
	if err != nil {
		panic(err)
	}
	return stream
}

// receive reads the next message with batches, skipping heartbeats.
func receive(t testing.TB, s *connect.ServerStreamForClient[portalv1.WatchBatchesResponse]) *portalv1.Batch {
	t.Helper()
	for s.Receive() {
		if bs := s.Msg().GetBatches(); len(bs) > 0 {
			return bs[0]
		}
	}
	t.Fatalf("stream ended before a batch came: %v", s.Err())
	return nil
}

// TestAWatchSendsTheBatchNowThenAsTheWorkerCountsItUpAndEndsWhenSettled:
// the first message is the state as it is (a reconnect resumes there),
// each recorded step follows within the budget, the settled state is the
// last message.
func TestAWatchSendsTheBatchNowThenAsTheWorkerCountsItUpAndEndsWhenSettled(t *testing.T) {
	a := newWatchAPI(t, 0)
	id := a.sending(t, 3)
	a.progress(t, id, batch.Sending, 1, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := a.watch(ctx, a.bearer(a.mine, "s1"), id)
	first := receive(t, s)
	if first.GetId() != id || first.GetStatus() != portalv1.Batch_SENDING || first.GetProcessedShipments() != 1 || !first.GetInProgress() {
		t.Fatalf("first message = %v", first)
	}
	var worst time.Duration
	for n := 2; n <= 3; n++ {
		at := time.Now()
		a.progress(t, id, batch.Sending, n, 3)
		// A heartbeat's read of the state before may come first.
		for receive(t, s).GetProcessedShipments() != int32(n) {
		}
		worst = max(worst, time.Since(at))
	}
	at := time.Now()
	a.progress(t, id, batch.Sent, 3, 3)
	settled := receive(t, s)
	for settled.GetInProgress() {
		settled = receive(t, s)
	}
	worst = max(worst, time.Since(at))
	if settled.GetStatus() != portalv1.Batch_SENT || settled.GetInProgress() || !settled.GetActions().GetView() {
		t.Fatalf("settled = %v", settled)
	}
	t.Logf("worker's change to the client's message, worst of 3: %v", worst)
	if worst > 500*time.Millisecond {
		t.Errorf("a change took %v to arrive; the budget is 500 ms", worst)
	}
	if s.Receive() {
		t.Fatalf("a message after the batch settled: %v", s.Msg())
	}
	if err := s.Err(); err != nil {
		t.Fatalf("the stream ended with %v, want a clean end", err)
	}

	// A settled batch: its state once, then the end.
	again := a.watch(ctx, a.bearer(a.mine, "s1"), id)
	if got := receive(t, again); got.GetStatus() != portalv1.Batch_SENT {
		t.Fatalf("watching a settled batch: %v", got)
	}
	if again.Receive() || again.Err() != nil {
		t.Fatalf("watching a settled batch went on: %v", again.Err())
	}
}

// TestAnotherCustomersBatchIsRefusedAsGetBatchRefusesIt: the stream names
// no batch of a customer the caller does not act for, not even among its
// own.
func TestAnotherCustomersBatchIsRefusedAsGetBatchRefusesIt(t *testing.T) {
	a := newWatchAPI(t, 0)
	id := a.sending(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, s := range []*connect.ServerStreamForClient[portalv1.WatchBatchesResponse]{
		a.watch(ctx, a.bearer(a.other, "x"), id),
		a.watch(ctx, a.bearer(a.other, "x"), id+1000),
	} {
		if s.Receive() {
			t.Fatalf("another customer got %v", s.Msg())
		}
		if connect.CodeOf(s.Err()) != connect.CodeNotFound {
			t.Errorf("another customer's batch = %v, want not_found", s.Err())
		}
	}
	anon := connect.NewRequest(&portalv1.WatchBatchesRequest{Ids: []int64{id}})
	s, err := a.client.WatchBatches(ctx, anon)
	if err != nil {
		t.Fatal(err)
	}
	if s.Receive() || connect.CodeOf(s.Err()) != connect.CodeUnauthenticated {
		t.Errorf("without a sign-in = %v", s.Err())
	}
}

// TestAWatchClosesWhenItsSessionIsRevoked: a sign-out (here as another
// process records it) ends the stream with unauthenticated, while another
// session's stream of the same batch goes on.
func TestAWatchClosesWhenItsSessionIsRevoked(t *testing.T) {
	a := newWatchAPI(t, 0)
	id := a.sending(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	gone, kept := a.watch(ctx, a.bearer(a.mine, "gone"), id), a.watch(ctx, a.bearer(a.mine, "kept"), id)
	receive(t, gone)
	receive(t, kept)
	at := time.Now()
	a.sessions.revoke(a.bearer(a.mine, "gone"))
	for gone.Receive() {
		if len(gone.Msg().GetBatches()) > 0 {
			t.Fatalf("a batch after the revocation: %v", gone.Msg())
		}
	}
	if connect.CodeOf(gone.Err()) != connect.CodeUnauthenticated {
		t.Fatalf("revoked session's stream ended with %v", gone.Err())
	}
	t.Logf("closed %v after the revocation", time.Since(at))
	a.progress(t, id, batch.Sending, 1, 2)
	for receive(t, kept).GetProcessedShipments() != 1 {
		// A heartbeat's read may come first.
	}
}

// TestASessionHoldsAtMostItsLimitOfStreams: beyond the limit a stream is
// refused (the page polls instead); once one ends, another may open.
func TestASessionHoldsAtMostItsLimitOfStreams(t *testing.T) {
	a := newWatchAPI(t, 2)
	id := a.sending(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	bearer := a.bearer(a.mine, "tabs")
	firstCtx, closeFirst := context.WithCancel(ctx)
	first := a.watch(firstCtx, bearer, id)
	receive(t, first)
	receive(t, a.watch(ctx, bearer, id))
	third := a.watch(ctx, bearer, id)
	if third.Receive() || connect.CodeOf(third.Err()) != connect.CodeResourceExhausted {
		t.Fatalf("a third stream of the session = %v", third.Err())
	}
	receive(t, a.watch(ctx, a.bearer(a.mine, "another"), id))
	closeFirst()
	deadline := time.Now().Add(2 * time.Second)
	for {
		s := a.watch(ctx, bearer, id)
		if s.Receive() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after one stream closed: %v", s.Err())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTwoHundredOpenStreamsCostLittleMemory: 200 sessions each watching a
// batch in progress, server and client in this process; the growth of heap
// and stacks is the figure to compare (the budget is 50 MB at the portal).
func TestTwoHundredOpenStreamsCostLittleMemory(t *testing.T) {
	a := newWatchAPI(t, 0)
	id := a.sending(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Connections up front, so the figure is the streams' and not the
	// client pool's first growth.
	a.srv.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 256
	inUse := func() int64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapInuse + m.StackInuse)
	}
	// One stream first, so the subscription and the pools are in place.
	receive(t, a.watch(ctx, a.bearer(a.mine, "warm"), id))
	before, goroutines := inUse(), runtime.NumGoroutine()
	streams := make([]*connect.ServerStreamForClient[portalv1.WatchBatchesResponse], 200)
	for i := range streams {
		streams[i] = a.watch(ctx, a.bearer(a.mine, "s"+strconv.Itoa(i)), id)
		receive(t, streams[i])
	}
	after := inUse()
	grown := float64(after-before) / (1 << 20)
	t.Logf("200 open streams: heap and stacks grew %.1f MB (server and client), %d goroutines more", grown, runtime.NumGoroutine()-goroutines)
	if grown > 50 {
		t.Errorf("200 streams cost %.1f MB", grown)
	}
	// Each still gets the next change.
	a.progress(t, id, batch.Sending, 1, 2)
	for _, s := range streams {
		// A heartbeat's read may come first.
		for receive(t, s).GetProcessedShipments() != 1 {
		}
	}
	cancel()
	for _, s := range streams {
		_ = s.Close()
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatal("timed out")
	}
}

// TestAWatchOfTooManyOrMalformedIdsIsRefusedBeforeAnyRead: none, 201, a zero
// or a negative id are refused as invalid and nothing is sent.
func TestAWatchOfTooManyOrMalformedIdsIsRefusedBeforeAnyRead(t *testing.T) {
	a := newWatchAPI(t, 0)
	id := a.sending(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	many := make([]int64, 201)
	for i := range many {
		many[i] = id
	}
	for name, ids := range map[string][]int64{"none": nil, "201": many, "zero": {0}, "negative": {id, -1}} {
		s := a.watch(ctx, a.bearer(a.mine, "x"), ids...)
		if s.Receive() {
			t.Fatalf("%s: got %v", name, s.Msg())
		}
		if connect.CodeOf(s.Err()) != connect.CodeInvalidArgument {
			t.Errorf("%s ids = %v, want invalid_argument", name, s.Err())
		}
	}
}
