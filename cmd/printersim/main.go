// Command printersim stands in for a shipper's label printers so that
// printing is developed and tested without one: a fake Zebra Browser Print
// agent (its local HTTP API: /available, /default, /write) and fake network
// printers on raw TCP, each recording what it receives. A control address
// lists the jobs (as JSON and as a page a demo user can open), forgets
// them, stops and starts the agent, and hides printers from its list.
//
//	PRINTER_SIM_AGENT     127.0.0.1:9100  the Browser Print agent
//	PRINTER_SIM_AGENT_TLS 127.0.0.1:9101  the same agent over https (a certificate of its own; "off" for none)
//	PRINTER_SIM_CONTROL   127.0.0.1:9199  jobs and controls
//	PRINTER_SIM_PRINTERS  "Zebra ZD421=127.0.0.2:9110@203,Zebra ZT411=127.0.0.2:9111@300"
//	                      the printers: each is in the agent's list and listens on raw TCP
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"
)

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func main() {
	printers, err := parsePrinters(env("PRINTER_SIM_PRINTERS", defaultPrinters))
	if err != nil {
		log.Fatalf("printersim: PRINTER_SIM_PRINTERS: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sim := newSim(printers)
	if tlsAddr := env("PRINTER_SIM_AGENT_TLS", "127.0.0.1:9101"); tlsAddr != "off" {
		sim.tlsAddr = tlsAddr
	}
	if err := sim.start(env("PRINTER_SIM_AGENT", "127.0.0.1:9100"), env("PRINTER_SIM_CONTROL", "127.0.0.1:9199")); err != nil {
		log.Fatalf("printersim: %v", err)
	}
	log.Printf("printersim: agent %s (https %s), control %s, printers %v", sim.agentAddr, sim.tlsAddr, sim.controlAddr, printers)
	<-ctx.Done()
	sim.close()
}
