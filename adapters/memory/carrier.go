package memory

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/core/carrier"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// Carrier is the carrier's shipping API in memory, for app tests that need
// no XML: it makes real labels (PDF or ZPL), customs documents and
// manifests, counts the labels made per reference, and can be told to
// refuse a field value, to be unavailable, or to lose its answer after
// making a label. It passes the same contract (adapters/carrier/carriertest)
// as the SOAP adapter. Safe for concurrent use.
type Carrier struct {
	mu        sync.Mutex
	now       func() time.Time
	serial    int64
	manifestN int64
	// parcels by identifier; latest by customer and reference.
	parcels   map[string]*memParcel
	latest    map[string]*memParcel
	issued    map[string]int
	manifests map[string]string
	faults    []memFault
	refused   map[string]bool
	down      int
	lose      int
}

type memParcel struct {
	customer  string
	label     carrier.Label
	cancelled bool
	manifest  string
}

type memFault struct{ field, value, code string }

var _ carrier.Carrier = (*Carrier)(nil)

// NewCarrier returns an empty carrier that accepts every login with a user
// name and password, or an A1 key.
func NewCarrier() *Carrier {
	return &Carrier{
		now: time.Now, parcels: map[string]*memParcel{}, latest: map[string]*memParcel{},
		issued: map[string]int{}, manifests: map[string]string{}, refused: map[string]bool{},
	}
}

// Issued counts the labels made for a reference.
func (c *Carrier) Issued(reference string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.issued[reference]
}

// IssuedAll returns the count of labels per reference.
func (c *Carrier) IssuedAll() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.issued)
}

// FaultOn refuses shipments whose field has value (ignoring case and
// surrounding blanks) with a fault of code naming the field.
func (c *Carrier) FaultOn(field, value, code string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.faults = append(c.faults, memFault{field, strings.TrimSpace(value), code})
}

// Unavailable makes the next n calls fail with carrier.ErrUnavailable
// before doing anything.
func (c *Carrier) Unavailable(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = n
}

// LoseAnswers makes the next n AddAndPrint calls make their label and then
// fail with carrier.ErrUnavailable, as when a time-out eats the answer.
func (c *Carrier) LoseAnswers(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lose = n
}

// RefuseLogin refuses the user name (or A1 key) from now on.
func (c *Carrier) RefuseLogin(usernameOrKey string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refused[usernameOrKey] = true
}

// enter checks availability and the login; the caller holds mu. It
// returns the fault's text for the traffic.
func (c *Carrier) enter(op string, cred carrier.Credentials) error {
	if c.down > 0 {
		c.down--
		return fmt.Errorf("%w: %s: simulated outage", carrier.ErrUnavailable, op)
	}
	login := cred.Username
	ok := cred.Username != "" && cred.Password != ""
	if cred.A1APIKey != "" || cred.APIClient == "A1" {
		login, ok = cred.A1APIKey, cred.A1APIKey != ""
	}
	if !ok || c.refused[login] {
		return &carrier.Fault{Code: "InvalidCredentials", Field: "password", Message: "The login is not accepted."}
	}
	return nil
}

// traffic writes an exchange as text: the operation and its arguments, the
// outcome. Secrets are never written.
func traffic(op string, args []string, outcome string) carrier.Traffic {
	return carrier.Traffic{Request: op + "\n" + strings.Join(args, "\n"), Response: outcome}
}

func failed(t carrier.Traffic, err error) error {
	if f, ok := err.(*carrier.Fault); ok {
		f.Traffic = t
	}
	return err
}

func outcomeOf(err error) string {
	if f, ok := err.(*carrier.Fault); ok {
		return fmt.Sprintf("fault %s field=%s: %s", f.Code, f.Field, f.Message)
	}
	return "error: " + err.Error()
}

var memCatalog = reference.Standard()

// AddAndPrint makes a new label.
func (c *Carrier) AddAndPrint(_ context.Context, cred carrier.Credentials, r carrier.Request) (carrier.Label, error) {
	args := []string{"reference=" + r.Reference, "labelType=" + r.LabelType, "senderHub=" + r.SenderHub, "customer=" + cred.CustomerCRMID}
	for _, name := range shipment.Fields {
		if v := r.Shipment.Fields[name]; v != "" {
			args = append(args, name+"="+v)
		}
	}
	c.mu.Lock()
	err := c.enter("AddAndPrint", cred)
	if err == nil {
		err = c.refuse(r)
	}
	c.serial++
	serial, now, lose := c.serial, c.now(), err == nil && c.lose > 0
	if lose {
		c.lose--
	}
	c.mu.Unlock()
	if err != nil {
		t := traffic("AddAndPrint", args, outcomeOf(err))
		return carrier.Label{Traffic: t}, failed(t, err)
	}
	id := labels.Identifier(serial, r.SenderHub)
	l := carrier.Label{Identifier: id}
	doc := labels.FromDraft(id, r.SenderHub, r.Shipment, now)
	if r.LabelType == carrier.LabelZebra {
		l.Label, l.ContentType = labels.ZPL(doc), "x-application/zpl"
	} else {
		pdf, err := labels.PDF(doc)
		if err != nil {
			return carrier.Label{}, err
		}
		l.Label, l.ContentType = pdf, "application/pdf"
	}
	if !memCatalog.IsInsideCustomsUnion(r.Shipment.Fields["isoCountry"], r.Shipment.Fields["postalcode"]) {
		customs, err := labels.CustomsPDF(labels.CustomsFromDraft(id, r.SenderHub, r.Shipment, now))
		if err != nil {
			return carrier.Label{}, err
		}
		l.CustomsDoc = customs
	}
	l.Traffic = traffic("AddAndPrint", args, fmt.Sprintf("identifier=%s contentType=%s customsDoc=%t", id, l.ContentType, l.CustomsDoc != nil))
	c.mu.Lock()
	p := &memParcel{customer: cred.CustomerCRMID, label: l}
	c.parcels[id] = p
	c.latest[cred.CustomerCRMID+"\x00"+r.Reference] = p
	c.issued[r.Reference]++
	c.mu.Unlock()
	if lose {
		return carrier.Label{}, fmt.Errorf("%w: AddAndPrint: answer lost", carrier.ErrUnavailable)
	}
	return l, nil
}

// refuse applies the carrier's checks; the caller holds mu.
func (c *Carrier) refuse(r carrier.Request) error {
	if r.LabelType != carrier.LabelPDF && r.LabelType != carrier.LabelZebra {
		return &carrier.Fault{Code: "InvalidLabelType", Field: "labelType", Message: "Label type " + r.LabelType + " is neither PDF nor Zebra."}
	}
	for _, f := range []string{"name", "city", "isoCountry", "product"} {
		if strings.TrimSpace(r.Shipment.Fields[f]) == "" {
			return &carrier.Fault{Code: "MandatoryField", Field: f, Message: "The field " + f + " is missing."}
		}
	}
	for _, f := range c.faults {
		if strings.EqualFold(strings.TrimSpace(r.Shipment.Fields[f.field]), f.value) {
			return &carrier.Fault{Code: f.code, Field: f.field, Message: fmt.Sprintf("The carrier does not accept %s %q.", f.field, f.value)}
		}
	}
	return nil
}

// Find returns the last label made for reference.
func (c *Carrier) Find(_ context.Context, cred carrier.Credentials, reference string) (carrier.Label, bool, error) {
	args := []string{"reference=" + reference, "customer=" + cred.CustomerCRMID}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.enter("Find", cred); err != nil {
		t := traffic("Find", args, outcomeOf(err))
		return carrier.Label{Traffic: t}, false, failed(t, err)
	}
	p, ok := c.latest[cred.CustomerCRMID+"\x00"+reference]
	if !ok {
		return carrier.Label{Traffic: traffic("Find", args, "not found")}, false, nil
	}
	l := p.label
	l.Traffic = traffic("Find", args, "identifier="+l.Identifier)
	return l, true, nil
}

// Cancel voids a label that is in no manifest.
func (c *Carrier) Cancel(_ context.Context, cred carrier.Credentials, identifier string) (carrier.Traffic, error) {
	args := []string{"identifier=" + identifier, "customer=" + cred.CustomerCRMID}
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.enter("Cancel", cred)
	if err == nil {
		p, ok := c.parcels[identifier]
		switch {
		case !ok || p.customer != cred.CustomerCRMID:
			err = &carrier.Fault{Code: "UnknownIdentifier", Field: "identifier", Message: "There is no parcel " + identifier + "."}
		case p.manifest != "":
			err = &carrier.Fault{Code: "AlreadyManifested", Field: "identifier", Message: "Parcel " + identifier + " is in manifest " + p.manifest + "."}
		default:
			p.cancelled = true
		}
	}
	if err != nil {
		t := traffic("Cancel", args, outcomeOf(err))
		return t, failed(t, err)
	}
	return traffic("Cancel", args, "cancelled"), nil
}

// CreateManifest hands parcels over; the same reference gets the same number.
func (c *Carrier) CreateManifest(_ context.Context, cred carrier.Credentials, reference string, identifiers []string) (carrier.Manifest, error) {
	args := []string{"reference=" + reference, "customer=" + cred.CustomerCRMID, "identifiers=" + strings.Join(identifiers, ",")}
	c.mu.Lock()
	err := c.enter("CreateManifest", cred)
	if err == nil && len(identifiers) == 0 {
		err = &carrier.Fault{Code: "MandatoryField", Field: "identifiers", Message: "A manifest needs parcels."}
	}
	for _, id := range identifiers {
		if err != nil {
			break
		}
		p, ok := c.parcels[id]
		switch {
		case !ok || p.customer != cred.CustomerCRMID:
			err = &carrier.Fault{Code: "UnknownIdentifier", Field: "identifier", Message: "There is no parcel " + id + "."}
		case p.cancelled:
			err = &carrier.Fault{Code: "ShipmentCancelled", Field: "identifier", Message: "Parcel " + id + " was cancelled."}
		}
	}
	if err != nil {
		c.mu.Unlock()
		t := traffic("CreateManifest", args, outcomeOf(err))
		return carrier.Manifest{Traffic: t}, failed(t, err)
	}
	k := cred.CustomerCRMID + "\x00" + reference
	number, ok := c.manifests[k]
	if !ok {
		c.manifestN++
		number = fmt.Sprintf("MF%s-%06d", c.now().Format("20060102"), c.manifestN)
		c.manifests[k] = number
	}
	for _, id := range identifiers {
		c.parcels[id].manifest = number
	}
	now := c.now()
	c.mu.Unlock()
	doc, err := labels.ManifestPDF(labels.Manifest{Number: number, Reference: reference, Customer: cred.CustomerCRMID, Identifiers: identifiers, Date: now})
	if err != nil {
		return carrier.Manifest{}, err
	}
	return carrier.Manifest{Number: number, Document: doc, Traffic: traffic("CreateManifest", args, "manifest="+number)}, nil
}
