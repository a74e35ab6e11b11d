package simulator

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/carrier/soap"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// Fault codes of the WSDL.
const (
	CodeInvalidCredentials = "InvalidCredentials"
	CodeInvalidTicket      = "InvalidTicket"
	CodeTicketExpired      = "TicketExpired"
	CodeMandatoryField     = "MandatoryField"
	CodeInvalidPostalCode  = "InvalidPostalCode"
	CodeInvalidField       = "InvalidField"
	CodeInvalidLabelType   = "InvalidLabelType"
	CodeNotFound           = "NotFound"
	CodeUnknownIdentifier  = "UnknownIdentifier"
	CodeAlreadyManifested  = "AlreadyManifested"
	CodeShipmentCancelled  = "ShipmentCancelled"
	CodeBadRequest         = "BadRequest"
	CodeServerBusy         = "ServerBusy"
)

func fault(code, field, format string, args ...any) *soap.CarrierFault {
	return &soap.CarrierFault{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// catalog decides which destinations need a customs document.
var catalog = reference.Standard()

// mandatory are the shipment fields without which no label can be printed.
var mandatory = []string{"name", "city", "isoCountry", "product"}

// accepts checks credentials as POST /check-credentials does: the A1
// client must send the API key; the others user name and password. A key
// that is sent must be right, and so must a user name.
func accepts(a soap.Authenticate) *soap.CarrierFault {
	refused := func(field string) *soap.CarrierFault {
		return fault(CodeInvalidCredentials, field, "The %s is not accepted.", field)
	}
	if a.APIKey != "" || strings.EqualFold(a.APIClient, "A1") {
		if a.APIKey != APIKey {
			return refused("apiKey")
		}
		if a.Username == "" && a.Password == "" {
			return nil
		}
	}
	if a.Username != Username {
		return refused("username")
	}
	if a.Password != Password {
		return refused("password")
	}
	return nil
}

func (s *Simulator) authenticate(a soap.Authenticate) (any, *soap.CarrierFault) {
	if strings.TrimSpace(a.CustomerCRMID) == "" {
		return nil, fault(CodeMandatoryField, "customerCrmId", "The customer's CRM id is missing.")
	}
	if f := accepts(a); f != nil {
		return nil, f
	}
	raw := make([]byte, 16)
	_, _ = rand.Read(raw)
	ticket := hex.EncodeToString(raw)
	s.mu.Lock()
	defer s.mu.Unlock()
	expires := s.now().Add(s.cfg.TicketLifetime)
	s.tickets[ticket] = session{customer: a.CustomerCRMID, expires: expires}
	s.totals.Authentications++
	return soap.AuthenticateResponse{Ticket: ticket, ExpiresAt: expires.UTC()}, nil
}

// customer returns who holds the ticket; the caller holds mu.
func (s *Simulator) customer(ticket string) (string, *soap.CarrierFault) {
	t, ok := s.tickets[ticket]
	switch {
	case !ok:
		return "", fault(CodeInvalidTicket, "ticket", "The ticket is unknown.")
	case !s.now().Before(t.expires):
		delete(s.tickets, ticket)
		return "", fault(CodeTicketExpired, "ticket", "The ticket has expired.")
	}
	return t.customer, nil
}

func key(customer, reference string) string { return customer + "\x00" + reference }

// check finds what the carrier refuses in a shipment.
func check(r soap.AddAndPrintShipment, faults []FieldFault) *soap.CarrierFault {
	if r.LabelType != soap.LabelPDF && r.LabelType != soap.LabelZebra && r.LabelType != soap.LabelZebra300 {
		return fault(CodeInvalidLabelType, "labelType", "Label type %q is neither PDF, Zebra nor Zebra300.", r.LabelType)
	}
	if strings.TrimSpace(r.ClientReference) == "" {
		return fault(CodeMandatoryField, "clientReference", "The client reference is missing.")
	}
	if len(strings.TrimSpace(r.SenderHub)) != 2 {
		return fault(CodeMandatoryField, "senderHub", "The sender hub is missing.")
	}
	for _, f := range mandatory {
		if strings.TrimSpace(r.Shipment[f]) == "" {
			return fault(CodeMandatoryField, f, "The field %s is missing.", f)
		}
	}
	for _, ff := range faults {
		if strings.EqualFold(strings.TrimSpace(r.Shipment[ff.Field]), strings.TrimSpace(ff.Value)) {
			msg := ff.Message
			if msg == "" {
				msg = fmt.Sprintf("The carrier does not accept %s %q.", ff.Field, ff.Value)
			}
			return &soap.CarrierFault{Code: ff.Code, Field: ff.Field, Message: msg}
		}
	}
	return nil
}

// draft turns the request back into the shipment it describes.
func draft(r soap.AddAndPrintShipment) shipment.Draft {
	d := shipment.Draft{Fields: r.Shipment}
	if r.OrderLines != nil {
		for _, l := range r.OrderLines.Lines {
			d.OrderLines = append(d.OrderLines, l)
		}
	}
	return d
}

func (s *Simulator) addAndPrint(r soap.AddAndPrintShipment) (any, *soap.CarrierFault) {
	s.mu.Lock()
	customer, f := s.customer(r.Ticket)
	faults := s.cfg.FieldFaults
	s.serial++
	serial := s.serial
	now := s.now()
	s.mu.Unlock()
	if f != nil {
		return nil, f
	}
	if f := check(r, faults); f != nil {
		return nil, f
	}
	// Rendering is the slow part; it runs outside the lock.
	d := draft(r)
	id := labels.Identifier(serial, r.SenderHub)
	p := &parcel{customer: customer, reference: r.ClientReference, identifier: id}
	l := labels.FromDraft(id, r.SenderHub, d, now)
	switch r.LabelType {
	case soap.LabelZebra:
		p.label, p.content = labels.ZPL(l), soap.ContentTypeZPL
	case soap.LabelZebra300:
		p.label, p.content = labels.ZPL300(l), soap.ContentTypeZPL
	default:
		doc, err := labels.PDF(l)
		if err != nil {
			return nil, fault(CodeInvalidField, "", "The label cannot be printed: %v", err)
		}
		p.label, p.content = doc, soap.ContentTypePDF
	}
	if !catalog.IsInsideCustomsUnion(d.Fields["isoCountry"], d.Fields["postalcode"]) {
		doc, err := labels.CustomsPDF(labels.CustomsFromDraft(id, r.SenderHub, d, now))
		if err != nil {
			return nil, fault(CodeInvalidField, "orderLines", "The customs document cannot be printed: %v", err)
		}
		p.customs = doc
	}
	s.mu.Lock()
	s.parcels[id] = p
	s.latest[key(customer, r.ClientReference)] = p
	s.issued[r.ClientReference]++
	s.totals.Labels++
	s.mu.Unlock()
	if s.observer != nil {
		s.observer.Labelled(customer, l)
	}
	return result(p, soap.OpAddAndPrint), nil
}

func result(p *parcel, op string) soap.ShipmentResult {
	return soap.ShipmentResult{
		XMLName: soap.ResponseName(op), ClientReference: p.reference, Identifier: p.identifier,
		Label: p.label, LabelContentType: p.content, CustomsDocument: p.customs,
	}
}

func (s *Simulator) find(r soap.FindShipment) (any, *soap.CarrierFault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	customer, f := s.customer(r.Ticket)
	if f != nil {
		return nil, f
	}
	s.totals.Finds++
	p, ok := s.latest[key(customer, r.ClientReference)]
	if !ok {
		return nil, fault(CodeNotFound, "clientReference", "No label was made for %q.", r.ClientReference)
	}
	return result(p, soap.OpFind), nil
}

func (s *Simulator) cancel(r soap.CancelShipment) (any, *soap.CarrierFault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	customer, f := s.customer(r.Ticket)
	if f != nil {
		return nil, f
	}
	p, ok := s.parcels[r.Identifier]
	switch {
	case !ok || p.customer != customer:
		return nil, fault(CodeUnknownIdentifier, "identifier", "There is no parcel %q.", r.Identifier)
	case p.manifest != "":
		return nil, fault(CodeAlreadyManifested, "identifier", "Parcel %s is in manifest %s.", r.Identifier, p.manifest)
	}
	// Cancelling twice is no error: a caller that lost the first answer may ask again.
	if !p.cancelled {
		p.cancelled = true
		s.totals.Cancels++
	}
	return soap.CancelShipmentResponse{Identifier: p.identifier, Cancelled: true}, nil
}

func (s *Simulator) createManifest(r soap.CreateManifest) (any, *soap.CarrierFault) {
	s.mu.Lock()
	customer, f := s.customer(r.Ticket)
	if f == nil {
		f = s.manifestable(customer, r)
	}
	if f != nil {
		s.mu.Unlock()
		return nil, f
	}
	// The same manifest reference gets the same number: a caller that lost
	// the answer asks again without handing the parcels over twice.
	k := key(customer, r.ManifestReference)
	number, again := s.manifests[k]
	if !again {
		s.manifestN++
		number = fmt.Sprintf("MF%s-%06d", s.now().Format("20060102"), s.manifestN)
		s.manifests[k] = number
		s.totals.Manifests++
		s.publishCustoms(customer, number, r.Identifiers)
	}
	for _, id := range r.Identifiers {
		s.parcels[id].manifest = number
	}
	now := s.now()
	s.mu.Unlock()
	doc, err := labels.ManifestPDF(labels.Manifest{Number: number, Reference: r.ManifestReference, Customer: customer, Identifiers: r.Identifiers, Date: now})
	if err != nil {
		return nil, fault(CodeInvalidField, "", "The manifest cannot be printed: %v", err)
	}
	return soap.CreateManifestResponse{ManifestNumber: number, ParcelCount: len(r.Identifiers), Document: doc}, nil
}

// manifestable checks that every parcel exists and is not cancelled; the caller holds mu.
func (s *Simulator) manifestable(customer string, r soap.CreateManifest) *soap.CarrierFault {
	if strings.TrimSpace(r.ManifestReference) == "" {
		return fault(CodeMandatoryField, "manifestReference", "The manifest reference is missing.")
	}
	if len(r.Identifiers) == 0 {
		return fault(CodeMandatoryField, "identifiers", "A manifest needs parcels.")
	}
	for _, id := range r.Identifiers {
		p, ok := s.parcels[id]
		switch {
		case !ok || p.customer != customer:
			return fault(CodeUnknownIdentifier, "identifier", "There is no parcel %q.", id)
		case p.cancelled:
			return fault(CodeShipmentCancelled, "identifier", "Parcel %s was cancelled.", id)
		}
	}
	return nil
}
