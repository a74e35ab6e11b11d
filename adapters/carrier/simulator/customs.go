package simulator

import (
	"slices"
	"strings"

	"parcelportal/adapters/carrier/soap"
)

// published is a customs document the carrier offers until it is acknowledged.
type published struct {
	id, identifier, manifest string
	document                 []byte
}

// maxListed bounds one ListCustomsDocuments answer.
const maxListed = 200

// publishCustoms offers the customs document of every parcel of a new
// manifest that has one; the caller holds mu.
func (s *Simulator) publishCustoms(customer, manifest string, identifiers []string) {
	for _, id := range identifiers {
		p := s.parcels[id]
		if p == nil || len(p.customs) == 0 {
			continue
		}
		s.customs[customer] = append(s.customs[customer], published{
			id: "CD-" + id, identifier: id, manifest: manifest, document: p.customs,
		})
	}
}

func (s *Simulator) listCustoms(r soap.ListCustomsDocuments) (any, *soap.CarrierFault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	customer, f := s.customer(r.Ticket)
	if f != nil {
		return nil, f
	}
	n := r.Max
	if n <= 0 || n > maxListed {
		n = maxListed
	}
	docs := s.customs[customer]
	out := soap.ListCustomsDocumentsResponse{XMLName: soap.ResponseName(soap.OpListCustoms)}
	for _, d := range docs[:min(n, len(docs))] {
		out.Documents = append(out.Documents, soap.CustomsDocument{
			DocumentID: d.id, Identifier: d.identifier, ManifestNumber: d.manifest,
			FileName: "customs-" + d.identifier + ".pdf", Document: d.document,
		})
	}
	return out, nil
}

func (s *Simulator) ackCustoms(r soap.AcknowledgeCustomsDocuments) (any, *soap.CarrierFault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	customer, f := s.customer(r.Ticket)
	if f != nil {
		return nil, f
	}
	if len(r.DocumentIDs) == 0 {
		return nil, fault(CodeMandatoryField, "documentIds", "Name the documents to acknowledge.")
	}
	before := len(s.customs[customer])
	// Acknowledging twice, or an id that is not listed, is no error: a
	// caller that lost the answer may ask again.
	s.customs[customer] = slices.DeleteFunc(s.customs[customer], func(d published) bool {
		return slices.ContainsFunc(r.DocumentIDs, func(id string) bool { return strings.TrimSpace(id) == d.id })
	})
	return soap.AcknowledgeCustomsDocumentsResponse{Acknowledged: before - len(s.customs[customer])}, nil
}

// PublishedCustoms is how many customs documents of the customer wait for
// acknowledgement.
func (s *Simulator) PublishedCustoms(customer string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.customs[customer])
}
