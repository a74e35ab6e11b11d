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
	"log/slog"
	"net/http"
	"os"
	"strings"

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
	flags := httpserver.NewFlags(fs, lookup)
	latency := flags.String("latency", "CARRIER_SIM_LATENCY", "0s", "delay of every SOAP answer, e.g. 100ms (CARRIER_SIM_LATENCY)")
	faultRate := flags.String("fault-rate", "CARRIER_SIM_FAULT_RATE", "0", "share of calls answered with HTTP 503 or ServerBusy, 0 to 1 (CARRIER_SIM_FAULT_RATE)")
	timeoutRate := flags.String("timeout-rate", "CARRIER_SIM_TIMEOUT_RATE", "0", "share of calls carried out whose answer is held back, 0 to 1 (CARRIER_SIM_TIMEOUT_RATE)")
	hang := flags.String("hang", "CARRIER_SIM_HANG", "2m", "how long a held-back answer waits (CARRIER_SIM_HANG)")
	trackingURL := flags.String("tracking-url", "CARRIER_SIM_TRACKING_URL", "", "tell the tracking simulator there of every label, e.g. http://127.0.0.1:8092 (CARRIER_SIM_TRACKING_URL)")
	ticket := flags.String("ticket-lifetime", "CARRIER_SIM_TICKET_LIFETIME", "30m", "lifetime of an Authenticate ticket (CARRIER_SIM_TICKET_LIFETIME)")
	if err := flags.Parse(args); err != nil {
		return nil, err
	}
	opts := []simulator.Option{
		simulator.WithLatency(flags.Duration("latency", *latency)),
		simulator.WithFaultRate(flags.Rate("fault-rate", *faultRate)),
		simulator.WithTimeoutRate(flags.Rate("timeout-rate", *timeoutRate), flags.Duration("hang", *hang)),
		simulator.WithTicketLifetime(flags.Duration("ticket-lifetime", *ticket)),
	}
	if *trackingURL != "" {
		opts = append(opts, simulator.WithObserver(simulator.PostTo(strings.TrimSuffix(*trackingURL, "/"))))
	}
	if err := flags.Err(); err != nil {
		return nil, err
	}
	return opts, nil
}
