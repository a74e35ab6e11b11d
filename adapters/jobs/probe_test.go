package jobs_test

import (
	"context"
	"testing"

	"parcelportal/adapters/jobs"
)

func TestProbe(t *testing.T) {
	if err := jobs.NewProbe(jobs.RedisAddr(t)).Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := jobs.NewProbe("127.0.0.1:1").Check(context.Background()); err == nil {
		t.Fatal("a closed port must fail the probe")
	}
}
