// Package carriertest is the contract of core/carrier.Carrier, written once
// and run against every implementation: the SOAP adapter talking to the
// simulator, and the in-memory carrier of adapters/memory.
package carriertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"parcelportal/adapters/pdf"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// Controls are what the contract needs from the carrier behind the port.
type Controls interface {
	// Issued counts the labels made for a client reference.
	Issued(reference string) int
	// FaultOn makes the carrier refuse shipments whose field has value,
	// with a client fault of code naming the field.
	FaultOn(field, value, code string)
	// Unavailable makes the next n calls fail as unavailable.
	Unavailable(n int)
}

// Subject is one implementation under test.
type Subject struct {
	Carrier  carrier.Carrier
	Controls Controls
	// Credentials the carrier accepts; BadCredentials it refuses, with the
	// password "wrong-secret" that must never show in the traffic.
	Credentials    carrier.Credentials
	BadCredentials carrier.Credentials
}

// BadPassword is the password of Subject.BadCredentials.
const BadPassword = "wrong-secret"

// Shipment returns a valid shipment to country.
func Shipment(country, postalCode string) shipment.Draft {
	return shipment.Draft{
		Fields: map[string]string{
			"name": "Anna Jansen", "street": "Damrak", "no": "1", "postalcode": postalCode, "city": "Amsterdam",
			"isoCountry": country, "referencenumber": "ORDER-1", "weight": "800", "product": "EPAQSTD", "service": "CUP",
			"content": "Goods", "currency": "EUR",
		},
		OrderLines: []map[string]string{
			{"description": "Book", "quantity": "2", "weight": "400", "value": "12.50", "hstarifnumber": "490199", "origincountry": "DE"},
		},
	}
}

var counter struct {
	sync.Mutex
	n int
}

// reference returns a client reference no other test of the run uses.
func reference(t *testing.T) string {
	counter.Lock()
	defer counter.Unlock()
	counter.n++
	return fmt.Sprintf("%s-%d", strings.NewReplacer("/", "-", " ", "_").Replace(t.Name()), counter.n)
}

func request(t *testing.T, labelType, country, postalCode string) carrier.Request {
	return carrier.Request{Reference: reference(t), LabelType: labelType, Shipment: Shipment(country, postalCode), SenderHub: "DE"}
}

// printLabels makes n labels of the type to the address and answers their
// identifiers.
func printLabels(t *testing.T, s Subject, n int, labelType, country, postalCode string) []string {
	t.Helper()
	var ids []string
	for range n {
		l, err := s.Carrier.AddAndPrint(context.Background(), s.Credentials, request(t, labelType, country, postalCode))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, l.Identifier)
	}
	return ids
}

// Run checks the contract; newSubject returns a fresh carrier for each test.
func Run(t *testing.T, newSubject func(t *testing.T) Subject) {
	ctx := context.Background()

	t.Run("PDF label", func(t *testing.T) {
		s := newSubject(t)
		r := request(t, carrier.LabelPDF, "NL", "1012 LG")
		l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
		if err != nil {
			t.Fatal(err)
		}
		if l.Identifier == "" || l.ContentType != "application/pdf" {
			t.Fatalf("identifier %q content type %q", l.Identifier, l.ContentType)
		}
		assertLabelPDF(t, l.Label)
		if l.CustomsDoc != nil {
			t.Error("customs document for a destination inside the customs union")
		}
		if !strings.Contains(l.Traffic.Request, r.Reference) || !strings.Contains(l.Traffic.Response, l.Identifier) {
			t.Errorf("traffic does not show the exchange:\n%s\n%s", l.Traffic.Request, l.Traffic.Response)
		}
		if n := s.Controls.Issued(r.Reference); n != 1 {
			t.Fatalf("issued %d labels, want 1", n)
		}
	})

	t.Run("ZPL label", func(t *testing.T) {
		s := newSubject(t)
		l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, request(t, carrier.LabelZebra, "DE", "10115"))
		if err != nil {
			t.Fatal(err)
		}
		z := string(l.Label)
		if !strings.HasPrefix(z, "^XA") || !strings.HasSuffix(strings.TrimSpace(z), "^XZ") || !strings.Contains(z, "^BC") || !strings.Contains(z, l.Identifier) {
			t.Fatalf("not a ZPL label with a Code 128 barcode of %s:\n%s", l.Identifier, z)
		}
		if strings.HasPrefix(l.ContentType, "application/pdf") {
			t.Fatalf("ZPL label with content type %s", l.ContentType)
		}
	})

	// Zebra300 labels are drawn in 300 dpi dots (100 x 150 mm = 1200 x 1800), not the 203 dpi label.
	t.Run("ZPL label for 300 dpi", func(t *testing.T) {
		s := newSubject(t)
		l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, request(t, carrier.LabelZebra300, "DE", "10115"))
		if err != nil {
			t.Fatal(err)
		}
		z := string(l.Label)
		if !strings.Contains(z, "^PW1200\n^LL1800\n") || !strings.Contains(z, "^BY4^BC") || !strings.Contains(z, l.Identifier) {
			t.Fatalf("not a 300 dpi ZPL label of %s:\n%s", l.Identifier, z)
		}
	})

	t.Run("customs documents outside the customs union only", func(t *testing.T) {
		s := newSubject(t)
		for _, c := range []struct {
			country, postalCode string
			customs             bool
		}{{"CH", "8001", true}, {"US", "10001", true}, {"ES", "35001", true}, {"ES", "28001", false}, {"FR", "75001", false}} {
			l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, request(t, carrier.LabelPDF, c.country, c.postalCode))
			if err != nil {
				t.Fatal(err)
			}
			if (l.CustomsDoc != nil) != c.customs {
				t.Errorf("%s %s: customs document %v, want %v", c.country, c.postalCode, l.CustomsDoc != nil, c.customs)
			}
			if c.customs {
				AssertPDF(t, l.CustomsDoc, 1, 210, 297)
			}
		}
	})

	t.Run("find returns the label made and counts nothing", func(t *testing.T) {
		s := newSubject(t)
		r := request(t, carrier.LabelPDF, "CH", "8001")
		made, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
		if err != nil {
			t.Fatal(err)
		}
		found, ok, err := s.Carrier.Find(ctx, s.Credentials, r.Reference)
		if err != nil || !ok {
			t.Fatalf("find: %v %v", ok, err)
		}
		if found.Identifier != made.Identifier || !bytes.Equal(found.Label, made.Label) || !bytes.Equal(found.CustomsDoc, made.CustomsDoc) {
			t.Fatalf("found %s, made %s", found.Identifier, made.Identifier)
		}
		if found.Traffic.Request == "" || found.Traffic.Response == "" {
			t.Error("find without traffic")
		}
		if n := s.Controls.Issued(r.Reference); n != 1 {
			t.Fatalf("issued %d after find, want 1", n)
		}
		// AddAndPrint is never idempotent: a second call makes a second label.
		again, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
		if err != nil {
			t.Fatal(err)
		}
		if again.Identifier == made.Identifier || s.Controls.Issued(r.Reference) != 2 {
			t.Fatalf("second label %s (first %s), issued %d", again.Identifier, made.Identifier, s.Controls.Issued(r.Reference))
		}
		if latest, _, _ := s.Carrier.Find(ctx, s.Credentials, r.Reference); latest.Identifier != again.Identifier {
			t.Fatalf("find returns %s, want the latest %s", latest.Identifier, again.Identifier)
		}
	})

	t.Run("find of an unknown reference", func(t *testing.T) {
		s := newSubject(t)
		l, ok, err := s.Carrier.Find(ctx, s.Credentials, reference(t))
		if err != nil || ok || l.Identifier != "" {
			t.Fatalf("found %v %q %v", ok, l.Identifier, err)
		}
	})

	t.Run("cancel before the manifest, not after", func(t *testing.T) {
		s := newSubject(t)
		ids := printLabels(t, s, 3, carrier.LabelPDF, "DE", "10115")
		tr, err := s.Carrier.Cancel(ctx, s.Credentials, ids[0])
		if err != nil || tr.Request == "" {
			t.Fatalf("cancel: %v, traffic %q", err, tr.Request)
		}
		if _, err := s.Carrier.Cancel(ctx, s.Credentials, ids[0]); err != nil {
			t.Fatalf("cancel again: %v", err)
		}
		assertFault(t, "cancel unknown", s.Carrier.Cancel, ctx, s.Credentials, "CP999999999DE")
		if _, err := s.Carrier.CreateManifest(ctx, s.Credentials, reference(t), ids); !isFault(err) {
			t.Fatalf("manifest with a cancelled parcel: %v", err)
		}
		if _, err := s.Carrier.CreateManifest(ctx, s.Credentials, reference(t), ids[1:]); err != nil {
			t.Fatal(err)
		}
		assertFault(t, "cancel manifested", s.Carrier.Cancel, ctx, s.Credentials, ids[1])
	})

	t.Run("manifest", func(t *testing.T) {
		s := newSubject(t)
		ids := printLabels(t, s, 5, carrier.LabelZebra, "AT", "1010")
		ref := reference(t)
		m, err := s.Carrier.CreateManifest(ctx, s.Credentials, ref, ids)
		if err != nil {
			t.Fatal(err)
		}
		if m.Number == "" || m.Traffic.Request == "" {
			t.Fatalf("manifest %+v", m.Number)
		}
		AssertPDF(t, m.Document, 1, 210, 297)
		again, err := s.Carrier.CreateManifest(ctx, s.Credentials, ref, ids)
		if err != nil || again.Number != m.Number {
			t.Fatalf("same reference gave %q (first %q): %v", again.Number, m.Number, err)
		}
		if _, err := s.Carrier.CreateManifest(ctx, s.Credentials, reference(t), []string{"CP999999999DE"}); !isFault(err) {
			t.Fatalf("manifest of an unknown parcel: %v", err)
		}
	})

	t.Run("field fault", func(t *testing.T) {
		s := newSubject(t)
		s.Controls.FaultOn("postalcode", "99999", "InvalidPostalCode")
		r := request(t, carrier.LabelPDF, "DE", "99999")
		l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
		var f *carrier.Fault
		if !errors.As(err, &f) {
			t.Fatalf("want a fault, got %v", err)
		}
		if f.Code != "InvalidPostalCode" || f.Field != "postalcode" || f.Message == "" {
			t.Fatalf("fault %+v", f)
		}
		if errors.Is(err, carrier.ErrUnavailable) {
			t.Fatal("a fault is not unavailability")
		}
		if f.Traffic.Request == "" || f.Traffic.Response == "" || l.Traffic != f.Traffic {
			t.Fatalf("fault without traffic: %+v / %+v", f.Traffic, l.Traffic)
		}
		if n := s.Controls.Issued(r.Reference); n != 0 {
			t.Fatalf("issued %d labels for a refused shipment", n)
		}
		if _, err := s.Carrier.AddAndPrint(ctx, s.Credentials, request(t, carrier.LabelPDF, "DE", "10115")); err != nil {
			t.Fatalf("other postal code: %v", err)
		}
	})

	t.Run("unavailable", func(t *testing.T) {
		s := newSubject(t)
		// Open the session first, so that the failure hits the call itself.
		if _, _, err := s.Carrier.Find(ctx, s.Credentials, reference(t)); err != nil {
			t.Fatal(err)
		}
		s.Controls.Unavailable(1)
		r := request(t, carrier.LabelPDF, "DE", "10115")
		_, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
		if !errors.Is(err, carrier.ErrUnavailable) || isFault(err) {
			t.Fatalf("want ErrUnavailable, got %v", err)
		}
		if n := s.Controls.Issued(r.Reference); n != 0 {
			t.Fatalf("issued %d labels while unavailable", n)
		}
		if _, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r); err != nil {
			t.Fatalf("after the failure: %v", err)
		}
	})

	t.Run("bad credentials", func(t *testing.T) {
		s := newSubject(t)
		if s.BadCredentials.Password != BadPassword {
			t.Fatalf("bad credentials must use the password %q", BadPassword)
		}
		_, err := s.Carrier.AddAndPrint(ctx, s.BadCredentials, request(t, carrier.LabelPDF, "DE", "10115"))
		var f *carrier.Fault
		if !errors.As(err, &f) || f.Code != "InvalidCredentials" {
			t.Fatalf("want an InvalidCredentials fault, got %v", err)
		}
		if f.Traffic.Request == "" || strings.Contains(f.Traffic.Request, BadPassword) {
			t.Fatalf("traffic missing or showing the password:\n%s", f.Traffic.Request)
		}
		if _, _, err := s.Carrier.Find(ctx, s.BadCredentials, "x"); !isFault(err) {
			t.Fatalf("find with bad credentials: %v", err)
		}
	})

	t.Run("concurrent use", func(t *testing.T) {
		s := newSubject(t)
		const n = 50
		refs := make([]string, n)
		ids := make([]string, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			refs[i] = reference(t)
			wg.Go(func() {
				labelType := carrier.LabelPDF
				if i%2 == 1 {
					labelType = carrier.LabelZebra
				}
				r := carrier.Request{Reference: refs[i], LabelType: labelType, Shipment: Shipment("CH", "8001"), SenderHub: "DE"}
				l, err := s.Carrier.AddAndPrint(ctx, s.Credentials, r)
				if err == nil {
					var found carrier.Label
					found, _, err = s.Carrier.Find(ctx, s.Credentials, refs[i])
					if err == nil && found.Identifier != l.Identifier {
						err = fmt.Errorf("found %s, made %s", found.Identifier, l.Identifier)
					}
				}
				ids[i], errs[i] = l.Identifier, err
			})
		}
		wg.Wait()
		seen := map[string]bool{}
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("call %d: %v", i, errs[i])
			}
			if seen[ids[i]] {
				t.Fatalf("identifier %s issued twice", ids[i])
			}
			seen[ids[i]] = true
			if c := s.Controls.Issued(refs[i]); c != 1 {
				t.Fatalf("%s: %d labels", refs[i], c)
			}
		}
	})
}

func isFault(err error) bool {
	var f *carrier.Fault
	return errors.As(err, &f)
}

func assertFault(t *testing.T, what string, call func(context.Context, carrier.Credentials, string) (carrier.Traffic, error), ctx context.Context, c carrier.Credentials, arg string) {
	t.Helper()
	_, err := call(ctx, c, arg)
	var f *carrier.Fault
	if !errors.As(err, &f) {
		t.Fatalf("%s: want a fault, got %v", what, err)
	}
	if f.Traffic.Request == "" {
		t.Fatalf("%s: fault without traffic", what)
	}
}

func assertLabelPDF(t *testing.T, doc []byte) {
	t.Helper()
	AssertPDF(t, doc, 1, 100, 150)
}

// AssertPDF fails the test unless doc is a PDF of pages pages, each width
// by height millimetres.
func AssertPDF(t *testing.T, doc []byte, pages int, width, height float64) {
	t.Helper()
	if !bytes.HasPrefix(doc, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.16q", doc)
	}
	sizes, err := pdf.PageSizes(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) != pages {
		t.Fatalf("%d pages, want %d", len(sizes), pages)
	}
	for _, s := range sizes {
		if math.Abs(s.Width-width) > 0.5 || math.Abs(s.Height-height) > 0.5 {
			t.Fatalf("page of %.1f x %.1f mm, want %.0f x %.0f", s.Width, s.Height, width, height)
		}
	}
}
