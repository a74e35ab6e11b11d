package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	"parcelportal/app/batchjob"
	"parcelportal/core/carrier"
)

// shippingPortal serves the batch and shipment API over the demo database
// as main wires it, with a job worker of its own that sends through c: its
// queue is named for the test, so tests sharing the Redis never take each
// other's jobs. The worker stops with the test.
func (d demoDatabase) shippingPortal(t *testing.T, c carrier.Carrier, concurrency int) *httptest.Server {
	t.Helper()
	redisAddr := redisOf(t)
	queueName := "e2e-" + randomHex(t)
	queue := jobs.NewQueue(redisAddr, queueName)
	t.Cleanup(func() { _ = queue.Close() })
	customers := postgres.Customers{Pool: d.pool, Sealer: d.box}
	runner := batchjob.NewRunner(batchjob.PortsOf(postgres.BatchWork{Pool: d.pool}), customers, c, batchjob.Options{Concurrency: concurrency})
	worker := jobs.NewWorker(redisAddr, runner, jobs.WorkerOptions{Queue: queueName, Sweep: time.Second})
	workCtx, stop := context.WithCancel(context.Background())
	worked := make(chan error, 1)
	go func() { worked <- worker.Run(workCtx) }()
	t.Cleanup(func() {
		stop()
		if err := <-worked; err != nil {
			t.Error(err)
		}
	})
	svc := batchesOf(d.pool, customers, queue)
	api, err := rpc.NewAPI(rpc.Handlers{Batches: rpc.BatchHandler{Batches: svc}, Shipments: rpc.ShipmentHandler{Batches: svc},
		Manifests: rpc.ManifestHandler{Manifests: manifestsOf(config{}, d.pool, customers, queue)}, Callers: bearers{}}, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return srv
}
