package carrier_test

import (
	"net/http/httptest"
	"testing"
	"time"

	adapter "parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/core/carrier"
)

// simulatorControls lets the contract steer the simulator.
type simulatorControls struct{ *simulator.Simulator }

func (c simulatorControls) FaultOn(field, value, code string) {
	c.Configure(func(cfg *simulator.Config) {
		cfg.FieldFaults = append(cfg.FieldFaults, simulator.FieldFault{Field: field, Value: value, Code: code})
	})
}

func (c simulatorControls) Unavailable(n int) { c.FailNext(n) }

var demo = carrier.Credentials{Username: simulator.Username, Password: simulator.Password, CustomerCRMID: "DE100"}

// serve starts a simulator over HTTP and a client of it.
func serve(t *testing.T, clientTimeout time.Duration, opts ...simulator.Option) (*simulator.Simulator, *adapter.Client, *httptest.Server) {
	t.Helper()
	sim := simulator.New(opts...)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return sim, adapter.New(srv.URL+"/shipping", adapter.WithTimeout(clientTimeout)), srv
}

func TestContractAgainstSimulator(t *testing.T) {
	carriertest.Run(t, func(t *testing.T) carriertest.Subject {
		sim, client, _ := serve(t, 5*time.Second)
		bad := demo
		bad.Password = carriertest.BadPassword
		return carriertest.Subject{Carrier: client, Controls: simulatorControls{sim}, Credentials: demo, BadCredentials: bad}
	})
}
