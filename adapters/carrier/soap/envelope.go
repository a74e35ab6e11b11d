package soap

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Envelope writes body into a SOAP 1.1 envelope, indented so that people
// reading the stored traffic can follow it.
func Envelope(body any) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(2048)
	buf.WriteString(xml.Header)
	buf.WriteString(`<soap:Envelope xmlns:soap="` + EnvelopeNS + `">` + "\n  <soap:Body>\n")
	enc := xml.NewEncoder(&buf)
	enc.Indent("    ", "  ")
	if err := enc.Encode(body); err != nil {
		return nil, fmt.Errorf("encode %T: %w", body, err)
	}
	buf.WriteString("\n  </soap:Body>\n</soap:Envelope>\n")
	return buf.Bytes(), nil
}

// Fault kinds of SOAP 1.1: the request is wrong, or the server failed.
const (
	FaultClient = "Client"
	FaultServer = "Server"
)

// FaultEnvelope writes a fault with the carrier's detail. kind is
// FaultClient or FaultServer.
func FaultEnvelope(kind string, detail CarrierFault) []byte {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	buf.WriteString(`<soap:Envelope xmlns:soap="` + EnvelopeNS + `">` + "\n  <soap:Body>\n    <soap:Fault>\n")
	buf.WriteString("      <faultcode>soap:" + kind + "</faultcode>\n      <faultstring>")
	_ = xml.EscapeText(&buf, []byte(detail.Message))
	buf.WriteString("</faultstring>\n      <detail>\n")
	enc := xml.NewEncoder(&buf)
	enc.Indent("        ", "  ")
	// CarrierFault has only strings: encoding cannot fail.
	_ = enc.Encode(detail)
	buf.WriteString("\n      </detail>\n    </soap:Fault>\n  </soap:Body>\n</soap:Envelope>\n")
	return buf.Bytes()
}

// Fault is a SOAP fault as read from an envelope.
type Fault struct {
	// Kind is FaultClient, FaultServer or another SOAP fault code.
	Kind   string
	String string
	// Detail is the carrier's detail; zero when the fault had none.
	Detail CarrierFault
}

func (f *Fault) Error() string {
	return fmt.Sprintf("soap fault %s %s: %s", f.Kind, f.Detail.Code, f.String)
}

type faultXML struct {
	Code   string `xml:"faultcode"`
	String string `xml:"faultstring"`
	Detail struct {
		CarrierFault CarrierFault `xml:"carrierFault"`
	} `xml:"detail"`
}

// ErrNotSOAP is a body that is no SOAP 1.1 envelope.
var ErrNotSOAP = errors.New("not a SOAP 1.1 envelope")

// Body is the content of a read envelope: its first element, ready to be
// decoded, or the fault it holds.
type Body struct {
	Name  xml.Name
	Fault *Fault
	dec   *xml.Decoder
	start xml.StartElement
}

// Decode reads the body's element into v.
func (b *Body) Decode(v any) error {
	if b.Fault != nil {
		return b.Fault
	}
	return b.dec.DecodeElement(v, &b.start)
}

// ReadEnvelope reads an envelope up to its body's first element; prefixes
// declared on the envelope stay known while the element is decoded.
func ReadEnvelope(r io.Reader) (*Body, error) {
	dec := xml.NewDecoder(r)
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrNotSOAP, err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			if _, end := tok.(xml.EndElement); end {
				return nil, fmt.Errorf("%w: empty body", ErrNotSOAP)
			}
			continue
		}
		switch depth {
		case 0:
			if start.Name.Space != EnvelopeNS || start.Name.Local != "Envelope" {
				return nil, fmt.Errorf("%w: root element %s %s", ErrNotSOAP, start.Name.Space, start.Name.Local)
			}
			depth = 1
		case 1:
			if start.Name.Space == EnvelopeNS && start.Name.Local == "Body" {
				depth = 2
			} else if err := dec.Skip(); err != nil { // a Header
				return nil, fmt.Errorf("%w: %w", ErrNotSOAP, err)
			}
		default:
			b := &Body{Name: start.Name, dec: dec, start: start}
			if start.Name.Space == EnvelopeNS && start.Name.Local == "Fault" {
				var f faultXML
				if err := dec.DecodeElement(&f, &start); err != nil {
					return nil, fmt.Errorf("%w: fault: %w", ErrNotSOAP, err)
				}
				kind := strings.TrimSpace(f.Code)
				if i := strings.LastIndexByte(kind, ':'); i >= 0 {
					kind = kind[i+1:]
				}
				// SOAP 1.1 lets a code be refined with dots: Client.Authentication.
				kind, _, _ = strings.Cut(kind, ".")
				b.Fault = &Fault{Kind: kind, String: strings.TrimSpace(f.String), Detail: f.Detail.CarrierFault}
			}
			return b, nil
		}
	}
}
