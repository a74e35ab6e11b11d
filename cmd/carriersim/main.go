// Command carriersim simulates the carrier's SOAP shipping API on loopback
// so that the portal is developed and tested against a real peer, not a
// mock: the WSDL operations of adapters/carrier/carrier.wsdl on POST
// /shipping (the WSDL on GET /shipping?wsdl), labels counted per client
// reference on GET /stats, behaviour changed at run time on POST /control
// (see adapters/carrier/simulator), and the credential check of the
// customer form on POST /check-credentials.
//
// Flags, or the environment variables named in their help, set the
// latency, the share of transient faults and of time-outs, and the ticket
// lifetime the simulator starts with, and the tracking simulator told of
// every label (-tracking-url).
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/httpserver"
)

func main() {
	opts, err := options(flag.CommandLine, os.Args[1:], os.LookupEnv)
	if err != nil {
		slog.Error("carriersim", "error", err)
		os.Exit(2)
	}
	sim := simulator.New(opts...)
	cfg := sim.Config()
	slog.Info("carriersim behaviour", "latency", cfg.Latency, "faultRate", cfg.FaultRate, "timeoutRate", cfg.TimeoutRate,
		"hang", cfg.Hang, "ticketLifetime", cfg.TicketLifetime)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", httpserver.Health)
	// POST /check-credentials accepts only the documented demo credentials
	// (credcheck.SimulatorAccepts: demo / portal-demo, API key demo-key),
	// the same the SOAP Authenticate accepts.
	mux.HandleFunc("POST /check-credentials", credcheck.Handler)
	mux.Handle("/", sim)
	httpserver.Main("carriersim", "CARRIER_SIM_ADDR", "127.0.0.1:8091", mux)
}

// options reads the flags; a flag not given falls back to its environment
// variable, then to the simulator's default.
func options(fs *flag.FlagSet, args []string, lookup func(string) (string, bool)) ([]simulator.Option, error) {
	envOr := func(name, fallback string) string {
		if v, ok := lookup(name); ok && v != "" {
			return v
		}
		return fallback
	}
	latency := fs.String("latency", envOr("CARRIER_SIM_LATENCY", "0s"), "delay of every SOAP answer, e.g. 100ms (CARRIER_SIM_LATENCY)")
	faultRate := fs.String("fault-rate", envOr("CARRIER_SIM_FAULT_RATE", "0"), "share of calls answered with HTTP 503 or ServerBusy, 0 to 1 (CARRIER_SIM_FAULT_RATE)")
	timeoutRate := fs.String("timeout-rate", envOr("CARRIER_SIM_TIMEOUT_RATE", "0"), "share of calls carried out whose answer is held back, 0 to 1 (CARRIER_SIM_TIMEOUT_RATE)")
	hang := fs.String("hang", envOr("CARRIER_SIM_HANG", "2m"), "how long a held-back answer waits (CARRIER_SIM_HANG)")
	trackingURL := fs.String("tracking-url", envOr("CARRIER_SIM_TRACKING_URL", ""), "tell the tracking simulator there of every label, e.g. http://127.0.0.1:8092 (CARRIER_SIM_TRACKING_URL)")
	ticket := fs.String("ticket-lifetime", envOr("CARRIER_SIM_TICKET_LIFETIME", "30m"), "lifetime of an Authenticate ticket (CARRIER_SIM_TICKET_LIFETIME)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var errs []error
	duration := func(name, v string) time.Duration {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("%s: %q is not a duration such as 100ms", name, v))
		}
		return d
	}
	rate := func(name, v string) float64 {
		r, err := strconv.ParseFloat(v, 64)
		if err != nil || r < 0 || r > 1 {
			errs = append(errs, fmt.Errorf("%s: %q is not a number from 0 to 1", name, v))
		}
		return r
	}
	opts := []simulator.Option{
		simulator.WithLatency(duration("latency", *latency)),
		simulator.WithFaultRate(rate("fault-rate", *faultRate)),
		simulator.WithTimeoutRate(rate("timeout-rate", *timeoutRate), duration("hang", *hang)),
		simulator.WithTicketLifetime(duration("ticket-lifetime", *ticket)),
	}
	if *trackingURL != "" {
		opts = append(opts, simulator.WithObserver(simulator.PostTo(strings.TrimSuffix(*trackingURL, "/"))))
	}
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return opts, nil
}
