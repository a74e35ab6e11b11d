package main

import (
	"flag"
	"io"
	"testing"
	"time"

	"parcelportal/adapters/tracking/simulator"
)

func parse(t *testing.T, args []string, env map[string]string) (simulator.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("trackingsim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts, err := options(fs, args, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		return simulator.Config{}, err
	}
	return simulator.New(opts...).Config(), nil
}

func TestTrackingFlagsOverEnvironment(t *testing.T) {
	cfg, err := parse(t, nil, nil)
	if err != nil || cfg.Latency != 0 || cfg.FaultRate != 0 || cfg.Speedup != simulator.DefaultSpeedup {
		t.Fatalf("defaults %+v %v", cfg, err)
	}
	cfg, err = parse(t, []string{"-speedup", "60"}, map[string]string{"TRACKING_SIM_SPEEDUP": "5", "TRACKING_SIM_LATENCY": "20ms", "TRACKING_SIM_FAULT_RATE": "0.5"})
	if err != nil || cfg.Speedup != 60 || cfg.Latency != 20*time.Millisecond || cfg.FaultRate != 0.5 {
		t.Fatalf("flags and environment %+v %v", cfg, err)
	}
	for _, bad := range [][]string{{"-speedup", "0"}, {"-speedup", "fast"}, {"-fault-rate", "2"}, {"-latency", "-1s"}, {"-nope"}} {
		if _, err := parse(t, bad, nil); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
