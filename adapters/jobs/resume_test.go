package jobs_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
)

// TestKilledWorkerResumesWithoutSecondLabels is the promise of the batch
// jobs: a worker process killed (SIGKILL) in the middle of a send of 500
// shipments and started again finishes the batch, and the carrier made
// exactly one label per shipment.
func TestKilledWorkerResumesWithoutSecondLabels(t *testing.T) {
	const n = 500
	s := newStack(t, 40*time.Millisecond)
	id := s.sendingBatch(t, n)
	bin := buildPortal(t)
	env := workerEnv(t, s)

	q := jobs.NewQueue(jobs.RedisAddr(t), env.queue)
	defer q.Close()
	if err := q.Enqueue(context.Background(), batchjob.Job{Kind: batchjob.Send, BatchID: id}); err != nil {
		t.Fatal(err)
	}

	first := startPortalWorker(t, bin, env, "first")
	waitFor(t, 30*time.Second, "the first worker to label 150 shipments", func() bool { return s.sim.Totals().Labels >= 150 })
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()
	atKill := s.sim.Totals().Labels
	if atKill >= n {
		t.Fatalf("the send finished (%d labels) before the worker was killed", atKill)
	}
	status, _, _ := s.sent(t, id)
	if status != batch.Sending {
		t.Fatalf("after the kill the batch is %s", status)
	}

	second := startPortalWorker(t, bin, env, "second")
	waitFor(t, 40*time.Second, "the batch to settle", func() bool {
		status, _, _ := s.sent(t, id)
		return status != batch.Sending
	})
	if err := second.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := second.Wait(); err != nil {
		t.Errorf("the second worker did not stop cleanly: %v", err)
	}

	s.oneLabelEach(t, id, n)
	totals := s.sim.Totals()
	if totals.Finds == 0 {
		t.Error("no shipment was found SUBMITTING after the kill: the resume path did not run")
	}
	t.Logf("killed after %d labels; %d finds on resume; %d labels in all", atKill, totals.Finds, totals.Labels)
}

// buildPortal builds cmd/portal once into the test's folder.
func buildPortal(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "portal")
	cmd := exec.Command("go", "build", "-o", bin, "parcelportal/cmd/portal")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build cmd/portal: %v\n%s", err, out)
	}
	return bin
}

type portalEnv struct {
	vars  []string
	queue string
	logs  string
}

// workerEnv points a portal worker at the test's schema, a queue of its
// own, and the test's carrier simulator.
func workerEnv(t *testing.T, s *stack) portalEnv {
	t.Helper()
	var schema string
	if err := s.pool.QueryRow(context.Background(), `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(os.Getenv(postgrestest.URLVariable))
	if err != nil {
		t.Fatal(err)
	}
	query := u.Query()
	query.Set("search_path", schema)
	u.RawQuery = query.Encode()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	queue := "resume-" + hex.EncodeToString(b)
	in := asynq.NewInspector(asynq.RedisClientOpt{Addr: jobs.RedisAddr(t)})
	t.Cleanup(func() {
		_ = in.DeleteQueue(queue, true)
		_ = in.Close()
	})
	return portalEnv{queue: queue, logs: t.TempDir(), vars: []string{
		"DATABASE_URL=" + u.String(), "REDIS_ADDR=" + jobs.RedisAddr(t), "CARRIER_URL=" + s.url, "BATCH_QUEUE=" + queue,
		"CARRIER_CONCURRENCY=16", "PORTAL_ENV=test", "CREDENTIALS_KEY=",
	}}
}

// startPortalWorker runs `portal worker`; its log is shown when the test fails.
func startPortalWorker(t *testing.T, bin string, env portalEnv, name string) *exec.Cmd {
	t.Helper()
	logPath := filepath.Join(env.logs, name+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "worker")
	cmd.Env = append(os.Environ(), env.vars...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		_ = logFile.Close()
		if t.Failed() {
			out, _ := os.ReadFile(logPath)
			t.Logf("%s worker log:\n%s", name, out)
		}
	})
	return cmd
}

func waitFor(t *testing.T, limit time.Duration, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
