package memory_test

import (
	"context"
	"errors"
	"testing"

	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/memory"
	"parcelportal/core/carrier"
)

func TestCarrierContract(t *testing.T) {
	carriertest.Run(t, func(t *testing.T) carriertest.Subject {
		c := memory.NewCarrier()
		c.RefuseLogin("intruder")
		return carriertest.Subject{
			Carrier: c, Controls: c,
			Credentials:    carrier.Credentials{Username: "api-user", Password: "secret", CustomerCRMID: "DE100"},
			BadCredentials: carrier.Credentials{Username: "intruder", Password: carriertest.BadPassword, CustomerCRMID: "DE100"},
		}
	})
}

// A lost answer leaves a label behind that Find reports: the case a
// resumed job must handle without labelling twice.
func TestCarrierLosesAnswersAfterLabelling(t *testing.T) {
	ctx := context.Background()
	c := memory.NewCarrier()
	cred := carrier.Credentials{APIClient: "A1", A1APIKey: "key", CustomerCRMID: "DE100"}
	c.LoseAnswers(1)
	r := carrier.Request{Reference: "b1-r1-a1", LabelType: carrier.LabelZebra, Shipment: carriertest.Shipment("DE", "10115"), SenderHub: "DE"}
	if _, err := c.AddAndPrint(ctx, cred, r); !errors.Is(err, carrier.ErrUnavailable) {
		t.Fatalf("want the answer lost, got %v", err)
	}
	l, found, err := c.Find(ctx, cred, r.Reference)
	if err != nil || !found || l.Identifier == "" {
		t.Fatalf("find after a lost answer: %v %v %v", l.Identifier, found, err)
	}
	if c.Issued(r.Reference) != 1 || c.IssuedAll()[r.Reference] != 1 {
		t.Fatalf("issued %d", c.Issued(r.Reference))
	}
	if _, found, _ := c.Find(ctx, carrier.Credentials{APIClient: "A1", A1APIKey: "key", CustomerCRMID: "AT200"}, r.Reference); found {
		t.Fatal("another customer finds the label")
	}
	if _, err := c.AddAndPrint(ctx, carrier.Credentials{APIClient: "A1", Username: "u", Password: "p"}, r); err == nil {
		t.Fatal("A1 without its key accepted")
	}
}
