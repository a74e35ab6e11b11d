// Command carriersim simulates the carrier's SOAP API on loopback so that the portal
// is developed and tested against a real peer, not a mock. The shipping work adds the WSDL operations (labels, customs
// documents, manifests) with configurable latency and faults.
package main

import (
	"net/http"

	"parcelportal/adapters/httpserver"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", httpserver.Health)
	httpserver.Main("carriersim", "CARRIER_SIM_ADDR", "127.0.0.1:8091", mux)
}
