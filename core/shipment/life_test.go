package shipment_test

import (
	"errors"
	"fmt"
	"testing"

	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

func stored(t *testing.T, status shipment.Status, identifier string) shipment.Shipment {
	t.Helper()
	s, err := shipment.Restore(7, 1, "b1-r1-a1", status, identifier, shipment.Draft{})
	if err != nil {
		t.Fatalf("Restore %s: %v", status, err)
	}
	return s
}

func reference(attempt int) string { return fmt.Sprintf("b1-r1-a%d", attempt) }

// transitions are the methods that change a shipment, by name.
var transitions = map[string]func(*shipment.Shipment) error{
	"submit": (*shipment.Shipment).Submit,
	"label":  func(s *shipment.Shipment) error { return s.Label("NEW") },
	"fail":   (*shipment.Shipment).Fail,
	"cancel": (*shipment.Shipment).Cancel,
	"voided": (*shipment.Shipment).Voided,
	"retry":  func(s *shipment.Shipment) error { return s.Retry(reference) },
}

// TestTransitions tries every transition from every status: an allowed one
// leads to its status, a refused one is a Conflict and changes nothing.
func TestTransitions(t *testing.T) {
	const (
		P, S, D, F, C = shipment.Pending, shipment.Submitting, shipment.Done, shipment.Failed, shipment.Cancelled
		refused       = shipment.Status("")
	)
	allowed := map[string]map[shipment.Status]shipment.Status{
		"submit": {P: S, S: refused, D: refused, F: refused, C: refused},
		"label":  {P: D, S: D, D: refused, F: refused, C: refused},
		"fail":   {P: F, S: F, D: refused, F: refused, C: refused},
		"cancel": {P: C, S: C, D: C, F: C, C: refused},
		"voided": {P: P, S: refused, D: refused, F: refused, C: refused},
		"retry":  {P: refused, S: refused, D: P, F: P, C: P},
	}
	for name, from := range allowed {
		for status, want := range from {
			t.Run(name+" from "+string(status), func(t *testing.T) {
				s := stored(t, status, "OLD")
				before := s
				err := transitions[name](&s)
				if want == refused {
					var f *failure.Error
					if !errors.As(err, &f) || f.Kind != failure.Conflict || f.Key != shipment.KeyNotAllowedNow ||
						f.Params["status"] != string(status) || f.Params["step"] != name {
						t.Fatalf("refusal %v", err)
					}
					if s.Status() != before.Status() || s.Identifier() != before.Identifier() || s.Attempt != before.Attempt || s.Reference != before.Reference {
						t.Errorf("refused %s changed the shipment: %+v", name, s)
					}
					return
				}
				if err != nil || s.Status() != want {
					t.Fatalf("%s from %s: %s, %v; want %s", name, status, s.Status(), err, want)
				}
			})
		}
	}
}

// TestWhatTransitionsKeep checks the label identifier and the attempt each
// allowed transition leaves.
func TestWhatTransitionsKeep(t *testing.T) {
	tests := []struct {
		name       string
		from       shipment.Status
		identifier string
		attempt    int
		reference  string
	}{
		{"submit", shipment.Pending, "OLD", 1, "b1-r1-a1"},
		{"label", shipment.Submitting, "NEW", 1, "b1-r1-a1"},
		{"fail", shipment.Pending, "OLD", 1, "b1-r1-a1"},
		{"cancel", shipment.Done, "OLD", 1, "b1-r1-a1"},
		{"voided", shipment.Pending, "", 1, "b1-r1-a1"},
		{"retry", shipment.Done, "OLD", 2, "b1-r1-a2"},
		{"retry", shipment.Failed, "OLD", 2, "b1-r1-a2"},
		{"retry", shipment.Cancelled, "", 2, "b1-r1-a2"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" from "+string(tt.from), func(t *testing.T) {
			s := stored(t, tt.from, "OLD")
			if err := transitions[tt.name](&s); err != nil {
				t.Fatal(err)
			}
			if s.Identifier() != tt.identifier || s.Attempt != tt.attempt || s.Reference != tt.reference {
				t.Errorf("identifier %q attempt %d reference %q", s.Identifier(), s.Attempt, s.Reference)
			}
		})
	}
}

func TestRestoreRefusesWhatNoShipmentIs(t *testing.T) {
	tests := []struct {
		name      string
		attempt   int
		reference string
		status    shipment.Status
	}{
		{"unknown status", 1, "b1-r1-a1", "LOST"},
		{"no status", 1, "b1-r1-a1", ""},
		{"no attempt", 0, "b1-r1-a1", shipment.Pending},
		{"no reference", 1, "", shipment.Pending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := shipment.Restore(1, tt.attempt, tt.reference, tt.status, "", shipment.Draft{})
			var f *failure.Error
			if !errors.Is(err, shipment.ErrBroken) || errors.As(err, &f) {
				t.Errorf("Restore: %v", err)
			}
		})
	}
	s := stored(t, shipment.Submitting, "CC1")
	if s.ID != 7 || s.Status() != shipment.Submitting || s.Identifier() != "CC1" {
		t.Errorf("restored %+v", s)
	}
}

func TestOpen(t *testing.T) {
	for status, open := range map[shipment.Status]bool{
		shipment.Pending: true, shipment.Submitting: true, shipment.Done: false, shipment.Failed: false, shipment.Cancelled: false,
	} {
		if status.Open() != open {
			t.Errorf("%s open %v", status, status.Open())
		}
	}
}

func TestNewMakesAPendingShipmentFromAValidRow(t *testing.T) {
	row := shipment.Validated{Valid: true, Fields: map[string]shipment.Value{"name": {Value: "Receiver"}},
		OrderLines: []map[string]shipment.Value{{"quantity": {Value: ""}}}}
	s, err := shipment.New(row, 2, "b1-r1-a2")
	if err != nil {
		t.Fatal(err)
	}
	if s.Status() != shipment.Pending || s.Attempt != 2 || s.Reference != "b1-r1-a2" || s.Identifier() != "" ||
		s.Draft.Fields["name"] != "Receiver" || len(s.Draft.OrderLines) != 0 {
		t.Errorf("New: %+v", s)
	}
	for name, tt := range map[string]struct {
		row       shipment.Validated
		attempt   int
		reference string
		refused   func(error) bool
	}{
		"invalid row": {shipment.Validated{Valid: false}, 1, "b1-r1-a1", func(err error) bool {
			var f *failure.Error
			return errors.As(err, &f) && f.Kind == failure.Conflict && f.Key == shipment.KeyRowInvalid
		}},
		"no attempt":   {row, 0, "b1-r1-a1", func(err error) bool { return errors.Is(err, shipment.ErrBroken) }},
		"no reference": {row, 1, "", func(err error) bool { return errors.Is(err, shipment.ErrBroken) }},
	} {
		if _, err := shipment.New(tt.row, tt.attempt, tt.reference); !tt.refused(err) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
