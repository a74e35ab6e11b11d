package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/app/batchjob"
	"parcelportal/app/management"
	"parcelportal/core/origin"
)

// DefaultQueue is the asynq queue batch jobs go to.
const DefaultQueue = "batches"

// taskTimeout is a job's limit: asynq has no "none", and a send of 2000
// shipments against a slow carrier must not be cut off midway.
const taskTimeout = 24 * time.Hour

// DefaultMaxRetry is how often a job that failed (say, the database was
// away) is tried again; a batch that is busy or a worker shutting down does
// not count.
const DefaultMaxRetry = 25

// payload is a job as a task carries it.
type payload struct {
	Kind       batchjob.Kind `json:"kind"`
	BatchID    int64         `json:"batchId"`
	ShipmentID int64         `json:"shipmentId,omitempty"`
	// RequestID names the request that asked for the job, for the logs.
	RequestID string `json:"requestId,omitempty"`
}

// taskType names the task of a kind: batch:send, batch:cancel, ...
func taskType(k batchjob.Kind) string { return "batch:" + string(k) }

// TaskID is the one task id of a job: a second Enqueue of the same batch,
// kind and shipment conflicts with the first and adds nothing.
func TaskID(j batchjob.Job) string {
	id := "batch-" + strconv.FormatInt(j.BatchID, 10) + "-" + string(j.Kind)
	if j.ShipmentID != 0 {
		id += "-" + strconv.FormatInt(j.ShipmentID, 10)
	}
	return id
}

// Queue is batchjob.Queue on asynq.
type Queue struct {
	client    *asynq.Client
	inspector *asynq.Inspector
	name      string
	maxRetry  int
}

var _ batchjob.Queue = (*Queue)(nil)

// NewQueue connects to Redis at addr; queue is the asynq queue name
// (DefaultQueue when empty).
func NewQueue(addr, queue string) *Queue {
	if queue == "" {
		queue = DefaultQueue
	}
	r := asynq.RedisClientOpt{Addr: addr}
	return &Queue{client: asynq.NewClient(r), inspector: asynq.NewInspector(r), name: queue, maxRetry: DefaultMaxRetry}
}

// Close lets go of the Redis connections.
func (q *Queue) Close() error {
	return errors.Join(q.client.Close(), q.inspector.Close())
}

func (q *Queue) enqueue(ctx context.Context, j batchjob.Job, id string) error {
	body, err := json.Marshal(payload{Kind: j.Kind, BatchID: j.BatchID, ShipmentID: j.ShipmentID, RequestID: origin.RequestID(ctx)})
	if err != nil {
		return err
	}
	_, err = q.client.EnqueueContext(ctx, asynq.NewTask(taskType(j.Kind), body),
		asynq.Queue(q.name), asynq.TaskID(id), asynq.MaxRetry(q.maxRetry), asynq.Timeout(taskTimeout))
	return err
}

func duplicate(err error) bool {
	return errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask)
}

// Enqueue hands a job to the workers. A job already queued or running is
// not queued twice; a task of the same job that ran out of retries (kept as
// archived, its id still taken) makes way for the new one.
func (q *Queue) Enqueue(ctx context.Context, j batchjob.Job) error {
	id := TaskID(j)
	return q.once(id, func() error { return q.enqueue(ctx, j, id) })
}

// once runs enqueue, which queues a task under the id. A task of that id
// that waits or runs is left alone; one that ran out of retries (kept as
// archived, its id still taken) or completed makes way for the new one.
func (q *Queue) once(id string, enqueue func() error) error {
	err := enqueue()
	if !duplicate(err) {
		return err
	}
	info, ierr := q.inspector.GetTaskInfo(q.name, id)
	if ierr != nil || (info.State != asynq.TaskStateArchived && info.State != asynq.TaskStateCompleted) {
		return nil
	}
	if err := q.inspector.DeleteTask(q.name, id); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
		return fmt.Errorf("make way for task %s: %w", id, err)
	}
	if err := enqueue(); !duplicate(err) {
		return err
	}
	return nil
}

// resume queues a job again under an id of its own: the job's own id may
// still be held by the task of a worker that died, which asynq gives back
// only a minute or two later. A second run is harmless: the job works from
// what is still to do and holds the batch while it runs.
func (q *Queue) resume(ctx context.Context, j batchjob.Job) error {
	err := q.enqueue(ctx, j, TaskID(j)+"-resume-"+strconv.FormatInt(time.Now().UnixNano(), 36))
	if duplicate(err) {
		return nil
	}
	return err
}

// waiting answers the task ids of jobs queued to run: pending, scheduled or
// waiting for a retry (a resumed job counts under its job's id).
func (q *Queue) waiting() (map[string]bool, error) {
	ids := map[string]bool{}
	for _, list := range []func(string, ...asynq.ListOption) ([]*asynq.TaskInfo, error){
		q.inspector.ListPendingTasks, q.inspector.ListScheduledTasks, q.inspector.ListRetryTasks,
	} {
		const size = 500
		for page := 1; ; page++ {
			tasks, err := list(q.name, asynq.PageSize(size), asynq.Page(page))
			if errors.Is(err, asynq.ErrQueueNotFound) {
				break
			}
			if err != nil {
				return nil, err
			}
			for _, t := range tasks {
				if j, err := jobOf(t.Payload); err == nil {
					ids[TaskID(j)] = true
				}
			}
			if len(tasks) < size {
				break
			}
		}
	}
	return ids, nil
}

func jobOf(body []byte) (batchjob.Job, error) {
	j, _, err := jobAndRequestOf(body)
	return j, err
}

// jobAndRequestOf reads a task's job and the id of the request that asked for it.
func jobAndRequestOf(body []byte) (batchjob.Job, string, error) {
	var p payload
	if err := json.Unmarshal(body, &p); err != nil {
		return batchjob.Job{}, "", err
	}
	if p.Kind == "" || p.BatchID == 0 {
		return batchjob.Job{}, "", fmt.Errorf("task payload %q names no job", body)
	}
	return batchjob.Job{Kind: p.Kind, BatchID: p.BatchID, ShipmentID: p.ShipmentID}, p.RequestID, nil
}

// QueueStats reads the figures of the batch queue: jobs waiting, running,
// waiting for a retry, failed for good and scheduled, and those done today.
// A queue that never held a job reads all zeros.
func (q *Queue) QueueStats() ([]management.QueueFigures, error) {
	known, err := q.inspector.Queues()
	if err != nil {
		return nil, err
	}
	if !slices.Contains(known, q.name) {
		return []management.QueueFigures{{Name: q.name}}, nil
	}
	info, err := q.inspector.GetQueueInfo(q.name)
	if err != nil {
		return nil, err
	}
	return []management.QueueFigures{{Name: q.name, Pending: float64(info.Pending), Active: float64(info.Active),
		Retry: float64(info.Retry), Failed: float64(info.Archived), Scheduled: float64(info.Scheduled),
		Processed: float64(info.Processed)}}, nil
}
