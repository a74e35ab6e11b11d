// Command trackingsim simulates the carrier's tracking API on loopback so that the portal
// is developed and tested against a real peer, not a mock. The tracking work adds events with the harmonized codes
// (ELECNOT, CHECKIN, DEPSUB, ARRDEST, OUTDELIVCENTER, DELIVERY).
package main

import (
	"log/slog"
	"net/http"
	"os"

	"parcelportal/adapters/httpserver"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", httpserver.Health)
	if err := httpserver.RunUntilSignal("trackingsim", httpserver.AddrFromEnv("TRACKING_SIM_ADDR", "127.0.0.1:8092"), mux); err != nil {
		slog.Error("trackingsim stopped", "error", err)
		os.Exit(1)
	}
}
