package main

import (
	"flag"
	"io"
	"testing"
	"time"

	"parcelportal/adapters/carrier/simulator"
)

func parse(t *testing.T, args []string, env map[string]string) (simulator.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("carriersim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts, err := options(fs, args, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		return simulator.Config{}, err
	}
	return simulator.New(opts...).Config(), nil
}

func TestFlagsOverEnvironmentOverDefaults(t *testing.T) {
	cfg, err := parse(t, nil, nil)
	if err != nil || cfg.Latency != 0 || cfg.FaultRate != 0 || cfg.Hang != 2*time.Minute || cfg.TicketLifetime != 30*time.Minute {
		t.Fatalf("defaults %+v %v", cfg, err)
	}
	cfg, err = parse(t, []string{"-latency", "100ms"}, map[string]string{"CARRIER_SIM_LATENCY": "5s", "CARRIER_SIM_FAULT_RATE": "0.1", "CARRIER_SIM_TIMEOUT_RATE": "0.01"})
	if err != nil || cfg.Latency != 100*time.Millisecond || cfg.FaultRate != 0.1 || cfg.TimeoutRate != 0.01 {
		t.Fatalf("flag and environment %+v %v", cfg, err)
	}
	for _, bad := range [][]string{{"-latency", "soon"}, {"-fault-rate", "2"}, {"-timeout-rate", "x"}, {"-hang", "-1s"}, {"-nope"}} {
		if _, err := parse(t, bad, nil); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
