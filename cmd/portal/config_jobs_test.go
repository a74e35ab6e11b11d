package main

import (
	"runtime"
	"testing"
	"time"
)

func TestJobSettings(t *testing.T) {
	t.Setenv("CARRIER_URL", "")
	t.Setenv("CARRIER_CONCURRENCY", "")
	t.Setenv("PORTAL_WORKER", "")
	c, err := loadConfig()
	if err != nil || c.CarrierURL != "" || c.CarrierConcurrency != 16 || !c.Worker {
		t.Fatalf("defaults = %q %d %v, %v", c.CarrierURL, c.CarrierConcurrency, c.Worker, err)
	}
	t.Setenv("CARRIER_CONCURRENCY", "4")
	t.Setenv("PORTAL_WORKER", "false")
	if c, err := loadConfig(); err != nil || c.CarrierConcurrency != 4 || c.Worker {
		t.Fatalf("set = %d %v, %v", c.CarrierConcurrency, c.Worker, err)
	}
	for _, bad := range []string{"0", "-1", "many"} {
		t.Setenv("CARRIER_CONCURRENCY", bad)
		if _, err := loadConfig(); err == nil {
			t.Errorf("CARRIER_CONCURRENCY=%s accepted", bad)
		}
	}
}

func TestCarrierCallTimeout(t *testing.T) {
	t.Setenv("CARRIER_CALL_TIMEOUT", "")
	if c, err := loadConfig(); err != nil || c.CarrierCallTimeout != 2*time.Minute {
		t.Fatalf("default = %s, %v", c.CarrierCallTimeout, err)
	}
	t.Setenv("CARRIER_CALL_TIMEOUT", "2s")
	if c, err := loadConfig(); err != nil || c.CarrierCallTimeout != 2*time.Second {
		t.Fatalf("set = %s, %v", c.CarrierCallTimeout, err)
	}
	for _, bad := range []string{"0s", "-1s", "soon"} {
		t.Setenv("CARRIER_CALL_TIMEOUT", bad)
		if _, err := loadConfig(); err == nil {
			t.Errorf("CARRIER_CALL_TIMEOUT=%s accepted", bad)
		}
	}
}

func TestUploadsAtOnce(t *testing.T) {
	t.Setenv("BATCH_UPLOADS_AT_ONCE", "")
	if c, err := loadConfig(); err != nil || c.UploadsAtOnce != 4*runtime.GOMAXPROCS(0) {
		t.Fatalf("default = %d, %v", c.UploadsAtOnce, err)
	}
	t.Setenv("BATCH_UPLOADS_AT_ONCE", "3")
	if c, err := loadConfig(); err != nil || c.UploadsAtOnce != 3 {
		t.Fatalf("set = %d, %v", c.UploadsAtOnce, err)
	}
	for _, bad := range []string{"0", "-2", "some"} {
		t.Setenv("BATCH_UPLOADS_AT_ONCE", bad)
		if _, err := loadConfig(); err == nil {
			t.Errorf("BATCH_UPLOADS_AT_ONCE=%s accepted", bad)
		}
	}
}
