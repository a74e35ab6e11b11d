package inquiries

import (
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Document is an inquiry's PDF with its file name.
type Document struct {
	Name string
	PDF  []byte
}

// PDF returns the PDF of a tracking number's latest inquiry the caller may
// see: internal roles every one, others those of the customers they act
// for; another customer's inquiry is not found, as an unknown one is.
func (s Service) PDF(ctx context.Context, caller *access.Caller, trackingNumber string) (Document, error) {
	if err := Roles.Check(caller); err != nil {
		return Document{}, err
	}
	trackingNumber = strings.TrimSpace(trackingNumber)
	own := customersOf(caller)
	if trackingNumber == "" || len(trackingNumber) > inquiry.MaxFieldLength || (own != nil && len(own) == 0) {
		return Document{}, failure.New(failure.NotFound, inquiry.KeyNotFound)
	}
	_, pdf, err := s.Store.Latest(ctx, trackingNumber, own)
	if err != nil {
		return Document{}, err
	}
	return Document{Name: inquiry.PDFName(trackingNumber), PDF: pdf}, nil
}

// Marks reads what the tracking grid shows of the parcels' latest inquiries
// the caller may see (tracking.Inquiries).
func (s Service) Marks(ctx context.Context, caller *access.Caller, trackingNumbers []string) (map[string]inquiry.Mark, error) {
	own := customersOf(caller)
	if len(trackingNumbers) == 0 || (own != nil && len(own) == 0) {
		return map[string]inquiry.Mark{}, nil
	}
	return s.Store.Marks(ctx, trackingNumbers, own)
}
