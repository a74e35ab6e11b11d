// Package soap holds the messages of the carrier's shipping service
// (adapters/carrier/carrier.wsdl) as Go types for encoding/xml, and reads
// and writes SOAP 1.1 envelopes around them. The adapter and the simulator
// both use it, so the two cannot drift apart from each other; a test keeps
// them in step with the WSDL.
package soap

import (
	"encoding/base64"
	"encoding/xml"
	"strings"
	"time"

	"parcelportal/core/shipment"
)

// Namespaces of the envelope and of the carrier's messages.
const (
	EnvelopeNS = "http://schemas.xmlsoap.org/soap/envelope/"
	Namespace  = "http://parcelcarrier.example/shipping/v1"
)

// Operations of the service; Action gives their SOAPAction.
const (
	OpAuthenticate   = "Authenticate"
	OpAddAndPrint    = "AddAndPrintShipment"
	OpFind           = "FindShipment"
	OpCancel         = "CancelShipment"
	OpCreateManifest = "CreateManifest"
	OpListCustoms    = "ListCustomsDocuments"
	OpAckCustoms     = "AcknowledgeCustomsDocuments"
)

// Action is the SOAPAction of an operation.
func Action(op string) string { return Namespace + "/" + op }

// Label types and the content types of what they render.
const (
	LabelPDF       = "PDF"
	LabelZebra     = "Zebra"
	LabelZebra300  = "Zebra300"
	ContentTypePDF = "application/pdf"
	ContentTypeZPL = "x-application/zpl"
)

// Authenticate opens a session.
type Authenticate struct {
	XMLName       xml.Name `xml:"http://parcelcarrier.example/shipping/v1 Authenticate"`
	Username      string   `xml:"username,omitempty"`
	Password      string   `xml:"password,omitempty"`
	APIKey        string   `xml:"apiKey,omitempty"`
	APIClient     string   `xml:"apiClient,omitempty"`
	CustomerCRMID string   `xml:"customerCrmId"`
}

// AuthenticateResponse carries the session's ticket.
type AuthenticateResponse struct {
	XMLName   xml.Name  `xml:"http://parcelcarrier.example/shipping/v1 AuthenticateResponse"`
	Ticket    string    `xml:"ticket"`
	ExpiresAt time.Time `xml:"expiresAt"`
}

// AddAndPrintShipment asks for a label.
type AddAndPrintShipment struct {
	XMLName         xml.Name    `xml:"http://parcelcarrier.example/shipping/v1 AddAndPrintShipment"`
	Ticket          string      `xml:"ticket"`
	ClientReference string      `xml:"clientReference"`
	LabelType       string      `xml:"labelType"`
	SenderHub       string      `xml:"senderHub"`
	Shipment        Shipment    `xml:"shipment"`
	OrderLines      *OrderLines `xml:"orderLines,omitempty"`
}

// OrderLines are the articles of a parcel.
type OrderLines struct {
	Lines []OrderLine `xml:"orderLine"`
}

// ShipmentResult is a label as AddAndPrintShipment made it and FindShipment
// finds it; XMLName says which of the two answers it is.
type ShipmentResult struct {
	XMLName          xml.Name
	ClientReference  string `xml:"clientReference"`
	Identifier       string `xml:"identifier"`
	Label            Base64 `xml:"label"`
	LabelContentType string `xml:"labelContentType"`
	CustomsDocument  Base64 `xml:"customsDocument,omitempty"`
}

// ResponseName is the element that answers an operation.
func ResponseName(op string) xml.Name { return xml.Name{Space: Namespace, Local: op + "Response"} }

// FindShipment looks up the label made for a client reference.
type FindShipment struct {
	XMLName         xml.Name `xml:"http://parcelcarrier.example/shipping/v1 FindShipment"`
	Ticket          string   `xml:"ticket"`
	ClientReference string   `xml:"clientReference"`
}

// CancelShipment voids a label.
type CancelShipment struct {
	XMLName    xml.Name `xml:"http://parcelcarrier.example/shipping/v1 CancelShipment"`
	Ticket     string   `xml:"ticket"`
	Identifier string   `xml:"identifier"`
}

// CancelShipmentResponse confirms it.
type CancelShipmentResponse struct {
	XMLName    xml.Name `xml:"http://parcelcarrier.example/shipping/v1 CancelShipmentResponse"`
	Identifier string   `xml:"identifier"`
	Cancelled  bool     `xml:"cancelled"`
}

// CreateManifest hands parcels over.
type CreateManifest struct {
	XMLName           xml.Name `xml:"http://parcelcarrier.example/shipping/v1 CreateManifest"`
	Ticket            string   `xml:"ticket"`
	ManifestReference string   `xml:"manifestReference"`
	Identifiers       []string `xml:"identifiers>identifier"`
}

// CreateManifestResponse carries the manifest document.
type CreateManifestResponse struct {
	XMLName        xml.Name `xml:"http://parcelcarrier.example/shipping/v1 CreateManifestResponse"`
	ManifestNumber string   `xml:"manifestNumber"`
	ParcelCount    int      `xml:"parcelCount"`
	Document       Base64   `xml:"document"`
}

// ListCustomsDocuments asks for the customs documents not yet acknowledged.
type ListCustomsDocuments struct {
	XMLName xml.Name `xml:"http://parcelcarrier.example/shipping/v1 ListCustomsDocuments"`
	Ticket  string   `xml:"ticket"`
	Max     int      `xml:"max"`
}

// ListCustomsDocumentsResponse carries them, oldest first.
type ListCustomsDocumentsResponse struct {
	XMLName   xml.Name          `xml:"http://parcelcarrier.example/shipping/v1 ListCustomsDocumentsResponse"`
	Documents []CustomsDocument `xml:"customsDocument"`
}

// CustomsDocument is one published customs document.
type CustomsDocument struct {
	DocumentID     string `xml:"documentId"`
	Identifier     string `xml:"identifier"`
	ManifestNumber string `xml:"manifestNumber"`
	FileName       string `xml:"fileName"`
	Document       Base64 `xml:"document"`
}

// AcknowledgeCustomsDocuments takes documents off the list.
type AcknowledgeCustomsDocuments struct {
	XMLName     xml.Name `xml:"http://parcelcarrier.example/shipping/v1 AcknowledgeCustomsDocuments"`
	Ticket      string   `xml:"ticket"`
	DocumentIDs []string `xml:"documentIds>documentId"`
}

// AcknowledgeCustomsDocumentsResponse says how many were on the list.
type AcknowledgeCustomsDocumentsResponse struct {
	XMLName      xml.Name `xml:"http://parcelcarrier.example/shipping/v1 AcknowledgeCustomsDocumentsResponse"`
	Acknowledged int      `xml:"acknowledged"`
}

// CarrierFault is the detail of every fault.
type CarrierFault struct {
	XMLName xml.Name `xml:"http://parcelcarrier.example/shipping/v1 carrierFault"`
	Code    string   `xml:"code"`
	Field   string   `xml:"field,omitempty"`
	Message string   `xml:"message"`
}

// Base64 is binary content written as xs:base64Binary.
type Base64 []byte

// MarshalText writes standard base64.
func (b Base64) MarshalText() ([]byte, error) {
	out := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(out, b)
	return out, nil
}

// UnmarshalText reads base64, also when a peer wrapped it into lines.
func (b *Base64) UnmarshalText(text []byte) error {
	clean := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			return -1
		}
		return r
	}, string(text))
	out, err := base64.StdEncoding.DecodeString(clean)
	if err != nil {
		return err
	}
	*b = out
	return nil
}

// Shipment is the shipment fields by name, written in the WSDL's order
// (shipment.Fields); empty fields are left out, unknown names are dropped.
type Shipment map[string]string

// OrderLine is one order line's fields by name (shipment.OrderLineFields).
type OrderLine map[string]string

// MarshalXML writes the known fields in order.
func (s Shipment) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return marshalFields(e, start, shipment.Fields, s)
}

// UnmarshalXML reads every child element as a field.
func (s *Shipment) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	m, err := unmarshalFields(d)
	*s = m
	return err
}

// MarshalXML writes the known fields in order.
func (l OrderLine) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return marshalFields(e, start, shipment.OrderLineFields, l)
}

// UnmarshalXML reads every child element as a field.
func (l *OrderLine) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	m, err := unmarshalFields(d)
	*l = m
	return err
}

func marshalFields(e *xml.Encoder, start xml.StartElement, names []string, values map[string]string) error {
	if err := e.EncodeToken(start); err != nil {
		return err
	}
	for _, name := range names {
		if v := values[name]; v != "" {
			if err := e.EncodeElement(v, xml.StartElement{Name: xml.Name{Local: name}}); err != nil {
				return err
			}
		}
	}
	return e.EncodeToken(start.End())
}

func unmarshalFields(d *xml.Decoder) (map[string]string, error) {
	m := map[string]string{}
	for {
		tok, err := d.Token()
		if err != nil {
			return m, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			var v string
			if err := d.DecodeElement(&v, &t); err != nil {
				return m, err
			}
			m[t.Name.Local] = v
		case xml.EndElement:
			return m, nil
		}
	}
}
