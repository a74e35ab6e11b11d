package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/app/batchjob"
)

// redisAddr is the stack's Redis; each test uses a queue of its own.
func redisAddr(t testing.TB) string {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	return addr
}

func testQueue(t testing.TB) (addr, name string, in *asynq.Inspector) {
	addr = redisAddr(t)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name = "test-" + hex.EncodeToString(b)
	in = asynq.NewInspector(asynq.RedisClientOpt{Addr: addr})
	t.Cleanup(func() {
		_ = in.DeleteQueue(name, true)
		_ = in.Close()
	})
	return addr, name, in
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fakeRunner records the jobs it runs; run decides each run's result.
type fakeRunner struct {
	mu         sync.Mutex
	runs       []batchjob.Job
	at         []time.Time
	run        func(ctx context.Context, j batchjob.Job) error
	unattended []batchjob.Job
	ran        chan batchjob.Job
}

func newFakeRunner() *fakeRunner { return &fakeRunner{ran: make(chan batchjob.Job, 100)} }

func (f *fakeRunner) Run(ctx context.Context, j batchjob.Job) error {
	f.mu.Lock()
	f.runs = append(f.runs, j)
	f.at = append(f.at, time.Now())
	run := f.run
	f.mu.Unlock()
	var err error
	if run != nil {
		err = run(ctx, j)
	}
	f.ran <- j
	return err
}

func (f *fakeRunner) Unattended(context.Context) ([]batchjob.Job, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.unattended), nil
}

func (f *fakeRunner) next(t *testing.T) batchjob.Job {
	t.Helper()
	select {
	case j := <-f.ran:
		return j
	case <-time.After(10 * time.Second):
		t.Fatal("no job ran within 10 s")
	}
	return batchjob.Job{}
}

// startWorker runs a worker until the test ends.
func startWorker(t *testing.T, addr, queue string, r Runner, opt WorkerOptions) {
	t.Helper()
	opt.Queue, opt.Log = queue, quiet
	if opt.Sweep == 0 {
		opt.Sweep = 200 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	w := NewWorker(addr, r, opt)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
}

func TestEnqueueAddsAJobOnce(t *testing.T) {
	addr, name, in := testQueue(t)
	q := NewQueue(addr, name)
	defer q.Close()
	ctx := context.Background()
	for _, j := range []batchjob.Job{
		{Kind: batchjob.Send, BatchID: 1}, {Kind: batchjob.Send, BatchID: 1},
		{Kind: batchjob.SendOne, BatchID: 1, ShipmentID: 5}, {Kind: batchjob.SendOne, BatchID: 1, ShipmentID: 6},
		{Kind: batchjob.SendOne, BatchID: 1, ShipmentID: 5}, {Kind: batchjob.Manifest, BatchID: 1},
	} {
		if err := q.Enqueue(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	tasks, err := in.ListPendingTasks(name)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, task := range tasks {
		ids = append(ids, task.ID)
		if task.MaxRetry != DefaultMaxRetry || task.Timeout < time.Hour {
			t.Errorf("task %s: max retry %d, timeout %v", task.ID, task.MaxRetry, task.Timeout)
		}
	}
	slices.Sort(ids)
	want := []string{"batch-1-manifest", "batch-1-send", "batch-1-send-one-5", "batch-1-send-one-6"}
	if !slices.Equal(ids, want) {
		t.Fatalf("queued %v, want %v", ids, want)
	}
	waiting, err := q.waiting()
	if err != nil || len(waiting) != 4 || !waiting["batch-1-send"] {
		t.Errorf("waiting %v %v", waiting, err)
	}
}

func TestEnqueueReplacesAnArchivedTask(t *testing.T) {
	addr, name, in := testQueue(t)
	q := NewQueue(addr, name)
	defer q.Close()
	ctx := context.Background()
	j := batchjob.Job{Kind: batchjob.Cancel, BatchID: 9}
	if err := q.Enqueue(ctx, j); err != nil {
		t.Fatal(err)
	}
	if err := in.ArchiveTask(name, TaskID(j)); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(ctx, j); err != nil {
		t.Fatal(err)
	}
	info, err := in.GetTaskInfo(name, TaskID(j))
	if err != nil || info.State != asynq.TaskStatePending {
		t.Fatalf("task after a new enqueue: %+v %v", info, err)
	}
}

func TestWorkerRunsJobs(t *testing.T) {
	addr, name, _ := testQueue(t)
	r := newFakeRunner()
	startWorker(t, addr, name, r, WorkerOptions{})
	q := NewQueue(addr, name)
	defer q.Close()
	want := batchjob.Job{Kind: batchjob.CancelOne, BatchID: 3, ShipmentID: 44}
	if err := q.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	if got := r.next(t); got != want {
		t.Fatalf("ran %+v, want %+v", got, want)
	}
}

func TestABusyBatchIsTriedAgainSoon(t *testing.T) {
	addr, name, _ := testQueue(t)
	r := newFakeRunner()
	calls := 0
	r.run = func(context.Context, batchjob.Job) error {
		if calls++; calls <= 2 {
			return batchjob.ErrBusy
		}
		return nil
	}
	startWorker(t, addr, name, r, WorkerOptions{})
	q := NewQueue(addr, name)
	defer q.Close()
	if err := q.Enqueue(context.Background(), batchjob.Job{Kind: batchjob.Cancel, BatchID: 5}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		r.next(t)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if gap := r.at[2].Sub(r.at[0]); gap > 5*time.Second {
		t.Errorf("two busy tries took %v to come back", gap)
	}
}

func TestSweepResumesAJobWhoseTaskIsStuck(t *testing.T) {
	addr, name, in := testQueue(t)
	// Worker A takes the send and hangs in it, as a worker that died
	// would leave its task active: the job's id stays taken.
	hung := newFakeRunner()
	release := make(chan struct{})
	hung.run = func(ctx context.Context, j batchjob.Job) error {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil
	}
	defer close(release)
	startWorker(t, addr, name, hung, WorkerOptions{Jobs: 1, Sweep: time.Hour})
	q := NewQueue(addr, name)
	defer q.Close()
	job := batchjob.Job{Kind: batchjob.Send, BatchID: 12}
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if info, err := in.GetTaskInfo(name, TaskID(job)); err == nil && info.State == asynq.TaskStateActive {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the send never became active")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}

	// Worker B finds the batch unattended (its lock is free) and resumes it.
	r := newFakeRunner()
	r.unattended = []batchjob.Job{job}
	r.run = func(context.Context, batchjob.Job) error {
		r.mu.Lock()
		r.unattended = nil
		r.mu.Unlock()
		return nil
	}
	startWorker(t, addr, name, r, WorkerOptions{})
	if got := r.next(t); got != job {
		t.Fatalf("resumed %+v", got)
	}
}

func TestShutdownHandsTheJobBack(t *testing.T) {
	addr, name, in := testQueue(t)
	r := newFakeRunner()
	started := make(chan struct{})
	finished := false
	r.run = func(ctx context.Context, j batchjob.Job) error {
		close(started)
		<-ctx.Done()
		time.Sleep(200 * time.Millisecond) // the calls in flight finish
		r.mu.Lock()
		finished = true
		r.mu.Unlock()
		return ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := NewWorker(addr, r, WorkerOptions{Queue: name, Log: quiet})
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	q := NewQueue(addr, name)
	defer q.Close()
	job := batchjob.Job{Kind: batchjob.Resend, BatchID: 8}
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the job never started")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	if !finished {
		t.Error("the worker stopped before the job finished its calls")
	}
	r.mu.Unlock()
	info, err := in.GetTaskInfo(name, TaskID(job))
	if err != nil {
		t.Fatal(err)
	}
	if info.State != asynq.TaskStateRetry && info.State != asynq.TaskStatePending {
		t.Errorf("the interrupted job is %v, want back in the queue", info.State)
	}
	if info.Retried != 0 {
		t.Errorf("a shutdown used up %d retries", info.Retried)
	}
}

func TestATaskCarriesTheRequestThatAskedForIt(t *testing.T) {
	body, err := json.Marshal(payload{Kind: batchjob.Send, BatchID: 7, RequestID: "req-12345678"})
	if err != nil {
		t.Fatal(err)
	}
	j, requestID, err := jobAndRequestOf(body)
	if err != nil || j.BatchID != 7 || requestID != "req-12345678" {
		t.Fatalf("job %+v, request %q, %v", j, requestID, err)
	}
	// Tasks queued before request ids existed still run.
	if j, requestID, err := jobAndRequestOf([]byte(`{"kind":"send","batchId":8}`)); err != nil || j.BatchID != 8 || requestID != "" {
		t.Fatalf("old task: %+v %q %v", j, requestID, err)
	}
}
