// Command trackingsim simulates the carrier's tracking API on loopback so that
// the portal is developed and tested against a real peer, not a mock. The
// tracking work adds events with the harmonized codes (ELECNOT, CHECKIN,
// DEPSUB, ARRDEST, OUTDELIVCENTER, DELIVERY).
package main

import (
	"net/http"

	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/httpserver"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", httpserver.Health)
	// POST /check-credentials accepts only the documented demo credentials
	// (credcheck.SimulatorAccepts: demo / portal-demo, API key demo-key).
	mux.HandleFunc("POST /check-credentials", credcheck.Handler)
	httpserver.Main("trackingsim", "TRACKING_SIM_ADDR", "127.0.0.1:8092", mux)
}
