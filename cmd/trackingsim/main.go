// Command trackingsim simulates the carrier's tracking API on loopback so
// that the portal is developed and tested against a real peer, not a mock:
// the API of adapters/tracking/wire under /v1 and /v3, the labels the
// carrier made on POST /parcels (cmd/carriersim -tracking-url sends them),
// behaviour changed at run time on POST /control and counts on GET /stats
// (see adapters/tracking/simulator), and the credential check of the
// customer form on POST /check-credentials.
//
// Flags, or the environment variables named in their help, set the
// latency, the share of transient faults and the speed-up of journeys.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"

	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/tracking/simulator"
)

func main() {
	opts, err := options(flag.CommandLine, os.Args[1:], os.LookupEnv)
	if err != nil {
		slog.Error("trackingsim", "error", err)
		os.Exit(2)
	}
	sim := simulator.New(opts...)
	cfg := sim.Config()
	slog.Info("trackingsim behaviour", "latency", cfg.Latency, "faultRate", cfg.FaultRate, "speedup", cfg.Speedup)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", httpserver.Health)
	mux.Handle("/", sim)
	httpserver.Main("trackingsim", "TRACKING_SIM_ADDR", "127.0.0.1:8092", mux)
}

// options reads the flags; a flag not given falls back to its environment
// variable, then to the simulator's default.
func options(fs *flag.FlagSet, args []string, lookup func(string) (string, bool)) ([]simulator.Option, error) {
	flags := httpserver.NewFlags(fs, lookup)
	latency := flags.String("latency", "TRACKING_SIM_LATENCY", "0s", "delay of every answer, e.g. 100ms (TRACKING_SIM_LATENCY)")
	faultRate := flags.String("fault-rate", "TRACKING_SIM_FAULT_RATE", "0", "share of calls answered with HTTP 503, 0 to 1 (TRACKING_SIM_FAULT_RATE)")
	speedup := flags.String("speedup", "TRACKING_SIM_SPEEDUP", strconv.Itoa(simulator.DefaultSpeedup), "how many times faster than real time journeys play, 1 to 1000000 (TRACKING_SIM_SPEEDUP)")
	if err := flags.Parse(args); err != nil {
		return nil, err
	}
	d, r := flags.Duration("latency", *latency), flags.Rate("fault-rate", *faultRate)
	if err := flags.Err(); err != nil {
		return nil, err
	}
	f, err := ParseSpeedup(*speedup)
	if err != nil {
		return nil, err
	}
	return []simulator.Option{simulator.WithLatency(d), simulator.WithFaultRate(r), simulator.WithSpeedup(f)}, nil
}

// ParseSpeedup reads a speed-up factor, 1 to 1000000.
func ParseSpeedup(v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 1 || f > 1e6 {
		return 0, fmt.Errorf("speedup: %q is not a number from 1 to 1000000", v)
	}
	return f, nil
}
