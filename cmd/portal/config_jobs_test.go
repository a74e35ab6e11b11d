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

// The pool fits what the process does: four connections per core for the
// requests it serves, one per carrier call in flight and two for the job
// runner when it works the batch jobs; PORTAL_DB_MAX_CONNS and the URL's
// pool_max_conns decide outright.
func TestDatabasePoolSize(t *testing.T) {
	t.Setenv("PORTAL_DB_MAX_CONNS", "")
	t.Setenv("CARRIER_CONCURRENCY", "")
	t.Setenv("DATABASE_URL", "postgres://portal@127.0.0.1/portal")
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		serves, works bool
		want          int32
	}{{true, true, 8 + 16 + 2}, {true, false, 8}, {false, true, 16 + 2}} {
		if got := dbPoolSize(c, s.serves, s.works, 2); got != s.want {
			t.Errorf("serves %v, works %v on 2 cores: %d connections, want %d", s.serves, s.works, got, s.want)
		}
	}
	t.Setenv("DATABASE_URL", "postgres://portal@127.0.0.1/portal?pool_max_conns=7")
	if c, _ := loadConfig(); dbPoolSize(c, true, true, 2) != 0 {
		t.Errorf("the URL's pool_max_conns was overridden")
	}
	t.Setenv("PORTAL_DB_MAX_CONNS", "40")
	if c, _ := loadConfig(); dbPoolSize(c, true, true, 2) != 40 {
		t.Errorf("PORTAL_DB_MAX_CONNS was not taken")
	}
	for _, bad := range []string{"0", "-3", "many"} {
		t.Setenv("PORTAL_DB_MAX_CONNS", bad)
		if _, err := loadConfig(); err == nil {
			t.Errorf("PORTAL_DB_MAX_CONNS=%s accepted", bad)
		}
	}
}
