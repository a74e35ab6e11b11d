// Package carrier is the port to the carrier's shipping API: labels are
// made, found again, cancelled and bundled into manifests there. The portal
// keeps every request and response it exchanged (Traffic), so staff can see
// exactly what the carrier was told.
package carrier

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

// Label types the carrier renders: the customer's label types.
const (
	LabelPDF   = customer.LabelPDF
	LabelZebra = customer.LabelZebra
	// LabelZebra300 is ZPL rendered for 300 dpi printers.
	LabelZebra300 = customer.LabelZebra300
)

// Credentials open a session at the carrier: the customer's API login, or
// its A1 key for the A1 client.
type Credentials struct {
	APIClient string
	Username  string
	Password  string
	A1APIKey  string
	// CustomerCRMID tells the carrier who ships.
	CustomerCRMID string
}

// Request asks for a label. Reference is the portal's key of this label
// attempt; the carrier remembers it, so after a crash the portal can ask
// whether a label was made (Find) instead of making a second one.
type Request struct {
	Reference string
	LabelType string
	Shipment  shipment.Draft
	// SenderHub is the country code of the hub that receives the parcel.
	SenderHub string
}

// Traffic is one exchange as it went over the wire.
type Traffic struct {
	Request  string
	Response string
}

// Label is what the carrier made for a request.
type Label struct {
	Identifier  string
	Label       []byte
	ContentType string
	// CustomsDoc is a PDF for destinations outside the tax-free countries.
	CustomsDoc []byte
	Traffic    Traffic
}

// Manifest is the carrier's document for a set of labelled parcels.
type Manifest struct {
	Number   string
	Document []byte
	Traffic  Traffic
}

// Fault is the carrier refusing a request for a reason that sending again
// will not cure, such as an invalid postal code. Field names the shipment
// field at fault when the carrier says which.
type Fault struct {
	Code    string
	Field   string
	Message string
	Traffic Traffic
}

func (f *Fault) Error() string {
	if f.Field != "" {
		return "carrier fault " + f.Code + " on " + f.Field + ": " + f.Message
	}
	return "carrier fault " + f.Code + ": " + f.Message
}

// CodeInvalidCredentials is the fault code of a login the carrier refuses:
// nothing can be sent with it until the customer's credentials are fixed.
const CodeInvalidCredentials = "InvalidCredentials"

// ErrUnavailable wraps failures that may pass: time-outs, refused
// connections, server errors. Callers retry them with backoff.
var ErrUnavailable = errors.New("carrier unavailable")

// Carrier is the carrier's shipping API. Every method returns the traffic of
// the exchange when one took place, also with an error (a *Fault carries it).
type Carrier interface {
	// AddAndPrint makes a label; every call makes a new one.
	AddAndPrint(ctx context.Context, c Credentials, r Request) (Label, error)
	// Find returns the label made earlier for reference; found is false when there is none.
	Find(ctx context.Context, c Credentials, reference string) (l Label, found bool, err error)
	// Cancel voids a label that is in no manifest yet.
	Cancel(ctx context.Context, c Credentials, identifier string) (Traffic, error)
	// CreateManifest bundles labelled parcels into a manifest.
	CreateManifest(ctx context.Context, c Credentials, reference string, identifiers []string) (Manifest, error)
}

// LabelKind tells PDF from ZPL labels by a label's stored type, or else its
// content type; the Zebra resolutions count as one kind only if they are
// the same type. Downloads that join labels never mix kinds.
func LabelKind(labelType, contentType string) string {
	switch {
	case labelType != "":
		return labelType
	case strings.HasPrefix(contentType, "application/pdf"):
		return LabelPDF
	}
	return LabelZebra
}

// JoinZPL puts ZPL texts one after the other, each ending with a line break,
// for one print job.
func JoinZPL(parts [][]byte) []byte {
	var b bytes.Buffer
	for _, p := range parts {
		b.Write(p)
		if len(p) > 0 && p[len(p)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// CustomsDocument is a customs document the carrier published for a
// manifested shipment; it keeps it until the portal acknowledges its ID.
type CustomsDocument struct {
	ID         string
	Identifier string
	Filename   string
	Content    []byte
}
