package jobs_test

import (
	"context"
	"os"
	"testing"

	"parcelportal/adapters/jobs"
)

func TestProbe(t *testing.T) {
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	if err := jobs.NewProbe(addr).Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := jobs.NewProbe("127.0.0.1:1").Check(context.Background()); err == nil {
		t.Fatal("a closed port must fail the probe")
	}
}
