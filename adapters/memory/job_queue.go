package memory

import (
	"context"
	"sync"

	"parcelportal/app/batchjob"
)

// JobQueue records the jobs enqueued, for tests to read and run; with Fail
// set it refuses them, as a queue whose Redis is down.
type JobQueue struct {
	mu   sync.Mutex
	jobs []batchjob.Job
	Fail error
}

var _ batchjob.Queue = (*JobQueue)(nil)

// Enqueue records the job, or answers Fail.
func (q *JobQueue) Enqueue(_ context.Context, j batchjob.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.Fail != nil {
		return q.Fail
	}
	q.jobs = append(q.jobs, j)
	return nil
}

// Jobs answers the jobs recorded, oldest first.
func (q *JobQueue) Jobs() []batchjob.Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]batchjob.Job(nil), q.jobs...)
}

// Last answers the job recorded last, or the zero job.
func (q *JobQueue) Last() batchjob.Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.jobs) == 0 {
		return batchjob.Job{}
	}
	return q.jobs[len(q.jobs)-1]
}
