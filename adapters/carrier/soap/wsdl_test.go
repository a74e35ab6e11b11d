package soap_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/soap"
	"parcelportal/core/shipment"
)

// schema is the part of the WSDL's inline XSD the test walks: elements with
// their inline or named complex types and those types' sequences.
type xsdElement struct {
	Name      string      `xml:"name,attr"`
	Type      string      `xml:"type,attr"`
	MinOccurs string      `xml:"minOccurs,attr"`
	Complex   *xsdComplex `xml:"complexType"`
}

type xsdComplex struct {
	Name     string       `xml:"name,attr"`
	Sequence []xsdElement `xml:"sequence>element"`
}

type wsdl struct {
	Elements []xsdElement `xml:"types>schema>element"`
	Types    []xsdComplex `xml:"types>schema>complexType"`
}

func readWSDL(t *testing.T) wsdl {
	t.Helper()
	data, err := os.ReadFile("../carrier.wsdl")
	if err != nil {
		t.Fatal(err)
	}
	var w wsdl
	if err := xml.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w wsdl) complexType(e xsdElement) *xsdComplex {
	if e.Complex != nil {
		return e.Complex
	}
	name := strings.TrimPrefix(e.Type, "tns:")
	for i := range w.Types {
		if w.Types[i].Name == name {
			return &w.Types[i]
		}
	}
	return nil
}

func (w wsdl) element(name string) (xsdElement, bool) {
	for _, e := range w.Elements {
		if e.Name == name {
			return e, true
		}
	}
	return xsdElement{}, false
}

func names(seq []xsdElement) []string {
	var out []string
	for _, e := range seq {
		out = append(out, e.Name)
	}
	return out
}

func TestWSDLShipmentTypesAreTheShipmentFields(t *testing.T) {
	w := readWSDL(t)
	for _, c := range []struct {
		typ  string
		want []string
	}{{"Shipment", shipment.Fields}, {"OrderLine", shipment.OrderLineFields}} {
		ct := w.complexType(xsdElement{Type: "tns:" + c.typ})
		if ct == nil {
			t.Fatalf("WSDL lacks complexType %s", c.typ)
		}
		if got := names(ct.Sequence); !slices.Equal(got, c.want) {
			t.Errorf("%s: WSDL %v, Go %v", c.typ, got, c.want)
		}
	}
}

// children reads the element names directly below the root of doc, and
// below each element named in nested, one level further.
func children(t *testing.T, doc []byte) (xml.Name, []string, map[string][]string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var root xml.Name
	var top []string
	nested := map[string][]string{}
	depth := 0
	var parent string
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			switch depth {
			case 1:
				root = e.Name
			case 2:
				if e.Name.Space != soap.Namespace {
					t.Errorf("%s in namespace %q", e.Name.Local, e.Name.Space)
				}
				top = append(top, e.Name.Local)
				parent = e.Name.Local
			case 3:
				nested[parent] = append(nested[parent], e.Name.Local)
			}
		case xml.EndElement:
			depth--
		}
	}
	return root, top, nested
}

// TestMessagesFollowTheWSDL marshals every message, filled in completely,
// and checks it against the schema: the root element exists in the carrier's
// namespace, its children are the schema's sequence in order, and nothing
// required is missing.
func TestMessagesFollowTheWSDL(t *testing.T) {
	w := readWSDL(t)
	fields := map[string]string{}
	for _, f := range shipment.Fields {
		fields[f] = "x"
	}
	line := map[string]string{}
	for _, f := range shipment.OrderLineFields {
		line[f] = "1"
	}
	result := soap.ShipmentResult{ClientReference: "r", Identifier: "i", Label: []byte("l"), LabelContentType: "c", CustomsDocument: []byte("d")}
	found := result
	result.XMLName, found.XMLName = soap.ResponseName(soap.OpAddAndPrint), soap.ResponseName(soap.OpFind)
	messages := []any{
		soap.Authenticate{Username: "u", Password: "p", APIKey: "k", APIClient: "A1", CustomerCRMID: "c"},
		soap.AuthenticateResponse{Ticket: "t", ExpiresAt: time.Now()},
		soap.AddAndPrintShipment{Ticket: "t", ClientReference: "r", LabelType: "PDF", SenderHub: "DE", Shipment: fields,
			OrderLines: &soap.OrderLines{Lines: []soap.OrderLine{line, line}}},
		result, found,
		soap.FindShipment{Ticket: "t", ClientReference: "r"},
		soap.CancelShipment{Ticket: "t", Identifier: "i"},
		soap.CancelShipmentResponse{Identifier: "i", Cancelled: true},
		soap.CreateManifest{Ticket: "t", ManifestReference: "m", Identifiers: []string{"a", "b"}},
		soap.CreateManifestResponse{ManifestNumber: "n", ParcelCount: 2, Document: []byte("pdf")},
		soap.ListCustomsDocuments{Ticket: "t", Max: 50},
		soap.ListCustomsDocumentsResponse{Documents: []soap.CustomsDocument{{DocumentID: "d", Identifier: "i", ManifestNumber: "m", FileName: "f", Document: []byte("pdf")}}},
		soap.AcknowledgeCustomsDocuments{Ticket: "t", DocumentIDs: []string{"a", "b"}},
		soap.AcknowledgeCustomsDocumentsResponse{Acknowledged: 2},
		soap.CarrierFault{Code: "c", Field: "f", Message: "m"},
	}
	for _, m := range messages {
		doc, err := xml.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		root, top, nested := children(t, doc)
		if root.Space != soap.Namespace {
			t.Errorf("%T: root %s in namespace %q", m, root.Local, root.Space)
		}
		el, ok := w.element(root.Local)
		if !ok {
			t.Errorf("%T: WSDL has no element %s", m, root.Local)
			continue
		}
		ct := w.complexType(el)
		if ct == nil {
			t.Errorf("%s: no complex type", root.Local)
			continue
		}
		if want := names(ct.Sequence); !slices.Equal(top, want) {
			t.Errorf("%s: children %v, WSDL sequence %v", root.Local, top, want)
		}
		for _, e := range ct.Sequence {
			if sub := w.complexType(e); sub != nil && len(nested[e.Name]) > 0 {
				for _, n := range nested[e.Name] {
					if !slices.Contains(names(sub.Sequence), n) {
						t.Errorf("%s/%s: child %s not in the WSDL", root.Local, e.Name, n)
					}
				}
			}
		}
	}
}

func TestEnvelopeRoundTrip(t *testing.T) {
	in := soap.AddAndPrintShipment{Ticket: "t<1>", ClientReference: "b1-r2-a1", LabelType: "PDF", SenderHub: "DE",
		Shipment:   soap.Shipment{"name": "Zoë & Co", "postalcode": "1012", "unknown": "dropped"},
		OrderLines: &soap.OrderLines{Lines: []soap.OrderLine{{"description": "Book", "quantity": "2"}}}}
	doc, err := soap.Envelope(in)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(doc, []byte("dropped")) {
		t.Error("a field the WSDL does not know was sent")
	}
	body, err := soap.ReadEnvelope(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if body.Name.Local != soap.OpAddAndPrint || body.Fault != nil {
		t.Fatalf("body %v fault %v", body.Name, body.Fault)
	}
	var out soap.AddAndPrintShipment
	if err := body.Decode(&out); err != nil {
		t.Fatal(err)
	}
	if out.Ticket != "t<1>" || out.Shipment["name"] != "Zoë & Co" || len(out.OrderLines.Lines) != 1 || out.OrderLines.Lines[0]["quantity"] != "2" {
		t.Fatalf("round trip: %+v", out)
	}
}

// A peer that declares its prefixes on the envelope and wraps base64 into
// lines is read as well.
func TestReadEnvelopeOfAnotherToolkit(t *testing.T) {
	doc := `<?xml version="1.0"?>
<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns2="http://parcelcarrier.example/shipping/v1">
 <S:Header><x/></S:Header>
 <S:Body><ns2:FindShipmentResponse><ns2:clientReference>r</ns2:clientReference><ns2:identifier>CP1</ns2:identifier>
 <ns2:label>JVBE
 Rg==</ns2:label><ns2:labelContentType>application/pdf</ns2:labelContentType></ns2:FindShipmentResponse></S:Body></S:Envelope>`
	body, err := soap.ReadEnvelope(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var r soap.ShipmentResult
	if err := body.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if r.Identifier != "CP1" || string(r.Label) != "%PDF" || r.CustomsDocument != nil {
		t.Fatalf("%+v", r)
	}
}

func TestFaultRoundTrip(t *testing.T) {
	doc := soap.FaultEnvelope(soap.FaultClient, soap.CarrierFault{Code: "InvalidPostalCode", Field: "postalcode", Message: "no such <code>"})
	body, err := soap.ReadEnvelope(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	f := body.Fault
	if f == nil || f.Kind != soap.FaultClient || f.Detail.Code != "InvalidPostalCode" || f.Detail.Field != "postalcode" || f.String != "no such <code>" {
		t.Fatalf("fault %+v\n%s", f, doc)
	}
	if err := body.Decode(&struct{}{}); err != f {
		t.Fatalf("decode of a fault: %v", err)
	}
	for _, bad := range []string{"", "<html>busy</html>", `<Envelope xmlns="http://www.w3.org/2003/05/soap-envelope"><Body/></Envelope>`,
		`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body></s:Body></s:Envelope>`} {
		if _, err := soap.ReadEnvelope(strings.NewReader(bad)); err == nil {
			t.Errorf("%q read as an envelope", bad)
		}
	}
}
