package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/app/batchjob"
	"parcelportal/core/origin"
)

// Runner does batch jobs (batchjob.Runner).
type Runner interface {
	Run(ctx context.Context, j batchjob.Job) error
	// Unattended lists jobs of batches left in a job's status that no
	// runner holds.
	Unattended(ctx context.Context) ([]batchjob.Job, error)
}

// Scheduler runs what schedules have made due (manifests.Service.Tick).
type Scheduler interface {
	Tick(ctx context.Context) error
}

// WorkerOptions tune a Worker; zero values take the defaults.
type WorkerOptions struct {
	// Queue is the asynq queue (DefaultQueue).
	Queue string
	// Jobs is how many jobs run at once (default 4); the carrier calls of
	// all of them share the runner's bound.
	Jobs int
	// Sweep is how often batches nobody works on are looked for (default 15 s).
	Sweep time.Duration
	// Schedules, when set, is ticked at start and every ScheduleEvery
	// (default 30 s): the automatic manifests (app/manifests). Every worker
	// process ticks; the slot a tick runs is claimed in the database, so
	// several workers run it once.
	Schedules     Scheduler
	ScheduleEvery time.Duration
	// Collect, when set, is ticked at start and every CollectEvery (default
	// 60 s): the customs documents the carrier published
	// (customsdocs.Collector), stored once however many workers tick.
	Collect      Scheduler
	CollectEvery time.Duration
	// TrackingPoll, when set, is ticked at start and every
	// TrackingPollEvery (default 60 s): the tracking events of the labels
	// of customers subscribed to tracking.event (webhooks.TrackingPoll).
	// Workers ticking at once ask about different labels.
	TrackingPoll      Scheduler
	TrackingPollEvery time.Duration
	// ShutdownTimeout bounds the wait for running jobs to finish the calls
	// they have in flight (default 30 s).
	ShutdownTimeout time.Duration
	Log             *slog.Logger
	// Inquiries, when set, sends filed parcel inquiries' and new newsletter
	// subscriptions' mails from the same queue, and at every sweep queues
	// those not mailed yet.
	Inquiries InquiryMailer
	// Webhooks, when set, makes the tries of integrators' webhook
	// deliveries and sweeps the due ones each Sweep.
	Webhooks WebhookDeliverer
}

// Worker runs batch jobs from the queue. A job interrupted by a shutdown
// goes back to the queue at once.
//
// A job of a worker that died is another matter. asynq v0.26.0 leases an
// active task for 30 s and extends the lease with every heartbeat (5 s);
// its recoverer looks every minute for leases that expired at least 30 s
// ago and only then queues the task again (none of it is configurable): a
// batch would wait one to two minutes. The sweep does not wait. At start
// and every Sweep it asks the runner for batches in a job's status that no
// runner holds (the batch lock dies with the dead worker's database
// session) and queues those no task is waiting for, under a task id of
// their own: the dead worker's task still holds the job's id until asynq
// recovers it. That task, when it runs at last, finds the batch settled or
// held and does nothing twice.
type Worker struct {
	runner  Runner
	queue   *Queue
	opt     WorkerOptions
	srv     *asynq.Server
	base    context.Context
	stop    context.CancelFunc
	mu      sync.Mutex
	closed  bool
	running sync.WaitGroup
}

// NewWorker returns a worker for the Redis server at addr.
func NewWorker(addr string, runner Runner, opt WorkerOptions) *Worker {
	if opt.Queue == "" {
		opt.Queue = DefaultQueue
	}
	if opt.Jobs <= 0 {
		opt.Jobs = 4
	}
	if opt.Sweep <= 0 {
		opt.Sweep = 15 * time.Second
	}
	if opt.ScheduleEvery <= 0 {
		opt.ScheduleEvery = 30 * time.Second
	}
	if opt.CollectEvery <= 0 {
		opt.CollectEvery = time.Minute
	}
	if opt.TrackingPollEvery <= 0 {
		opt.TrackingPollEvery = time.Minute
	}
	if opt.ShutdownTimeout <= 0 {
		opt.ShutdownTimeout = 30 * time.Second
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	base, stop := context.WithCancel(context.Background())
	w := &Worker{runner: runner, queue: NewQueue(addr, opt.Queue), opt: opt, base: base, stop: stop}
	w.srv = asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{
		Concurrency:              opt.Jobs,
		Queues:                   map[string]int{opt.Queue: 1},
		BaseContext:              func() context.Context { return w.base },
		RetryDelayFunc:           retryDelay,
		IsFailure:                isFailure,
		ShutdownTimeout:          opt.ShutdownTimeout,
		TaskCheckInterval:        250 * time.Millisecond,
		DelayedTaskCheckInterval: time.Second,
		Logger:                   asynqLog{opt.Log},
		LogLevel:                 asynq.WarnLevel,
	})
	return w
}

// retryDelay: a busy batch (another job holds it) and an interrupted job
// come back within a second; a failing job waits longer each time.
func retryDelay(n int, err error, _ *asynq.Task) time.Duration {
	if !isFailure(err) || errors.Is(err, asynq.ErrLeaseExpired) {
		return time.Second
	}
	return min(time.Duration(1<<min(n, 10))*time.Second, 5*time.Minute)
}

// isFailure: waiting for another job, or stopping for a shutdown, uses up
// none of a job's retries.
func isFailure(err error) bool {
	return !errors.Is(err, batchjob.ErrBusy) && !errors.Is(err, context.Canceled)
}

func (w *Worker) handle(ctx context.Context, t *asynq.Task) error {
	j, requestID, err := jobAndRequestOf(t.Payload())
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	if requestID != "" {
		// The job's log lines name the request that asked for it.
		ctx = origin.WithRequestID(ctx, requestID)
	}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return context.Canceled
	}
	w.running.Add(1)
	w.mu.Unlock()
	defer w.running.Done()
	err = w.runner.Run(ctx, j)
	if err != nil && !errors.Is(err, batchjob.ErrBusy) {
		w.opt.Log.WarnContext(ctx, "batch job stopped", "kind", j.Kind, "batch", j.BatchID, "shipment", j.ShipmentID, "error", err)
	}
	return err
}

// Run works until ctx ends, then shuts down: it takes no new jobs, lets the
// running ones finish their carrier calls and hand their rest back to the
// queue, and waits for them up to ShutdownTimeout.
func (w *Worker) Run(ctx context.Context) error {
	mux := asynq.NewServeMux()
	for _, k := range batchjob.AllKinds {
		mux.HandleFunc(taskType(k), w.handle)
	}
	if w.opt.Inquiries != nil {
		mux.HandleFunc(inquiryMailTask, w.handleInquiry)
		mux.HandleFunc(subscriptionMailTask, w.handleInquiry)
	}
	if w.opt.Webhooks != nil {
		mux.HandleFunc(webhookTask, w.handleWebhook)
	}
	if err := w.srv.Start(mux); err != nil {
		return fmt.Errorf("start job worker: %w", err)
	}
	w.opt.Log.Info("job worker started", "queue", w.opt.Queue, "jobs", w.opt.Jobs)
	scheduled := make(chan struct{})
	go func() {
		defer close(scheduled)
		collected, polled := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(collected)
			w.tick(ctx, w.opt.Collect, w.opt.CollectEvery, "collecting customs documents failed")
		}()
		go func() {
			defer close(polled)
			w.tick(ctx, w.opt.TrackingPoll, w.opt.TrackingPollEvery, "polling tracking for webhooks failed")
		}()
		w.tick(ctx, w.opt.Schedules, w.opt.ScheduleEvery, "running the schedules failed")
		<-collected
		<-polled
	}()
	t := time.NewTicker(w.opt.Sweep)
	defer t.Stop()
	for {
		w.sweep(ctx)
		w.resumeInquiries(ctx)
		w.sweepWebhooks(ctx)
		select {
		case <-ctx.Done():
			<-scheduled
			w.shutdown()
			return nil
		case <-t.C:
		}
	}
}

// tick ticks s at start and every interval until ctx ends; a tick that
// fails is reported and the next one tries again.
func (w *Worker) tick(ctx context.Context, s Scheduler, every time.Duration, failed string) {
	if s == nil {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			w.opt.Log.Warn(failed, "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweep resumes the jobs of batches nobody works on and no task waits for.
func (w *Worker) sweep(ctx context.Context) {
	jobs, err := w.runner.Unattended(ctx)
	if err != nil || len(jobs) == 0 {
		if err != nil && ctx.Err() == nil {
			w.opt.Log.Warn("looking for unattended batches failed", "error", err)
		}
		return
	}
	waiting, err := w.queue.waiting()
	if err != nil {
		w.opt.Log.Warn("reading the job queue failed", "error", err)
		return
	}
	for _, j := range jobs {
		if waiting[TaskID(j)] {
			continue
		}
		w.opt.Log.Info("resuming an unattended batch job", "kind", j.Kind, "batch", j.BatchID)
		if err := w.queue.resume(ctx, j); err != nil {
			w.opt.Log.Warn("resuming a batch job failed", "kind", j.Kind, "batch", j.BatchID, "error", err)
		}
	}
}

func (w *Worker) shutdown() {
	w.srv.Stop()
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.stop()
	done := make(chan struct{})
	go func() {
		w.running.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(w.opt.ShutdownTimeout):
		w.opt.Log.Warn("job worker stopped with jobs still running; they resume later")
	}
	w.srv.Shutdown()
	_ = w.queue.Close()
	w.opt.Log.Info("job worker stopped")
}

// asynqLog sends asynq's log to slog.
type asynqLog struct{ log *slog.Logger }

func (l asynqLog) Debug(args ...any) { l.log.Debug(fmt.Sprint(args...)) }
func (l asynqLog) Info(args ...any)  { l.log.Info(fmt.Sprint(args...)) }
func (l asynqLog) Warn(args ...any)  { l.log.Warn(fmt.Sprint(args...)) }
func (l asynqLog) Error(args ...any) { l.log.Error(fmt.Sprint(args...)) }
func (l asynqLog) Fatal(args ...any) { l.log.Error(fmt.Sprint(args...)) }
