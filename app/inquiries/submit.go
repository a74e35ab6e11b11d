package inquiries

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/filename"
	"parcelportal/core/inquiry"
)

// Submission is a filed form, where it came from and, when the transport
// admitted it before reading it, its admission.
type Submission struct {
	Inquiry      inquiry.Inquiry
	CaptchaToken string
	RemoteAddr   string
	// Admission is Admit's answer for this request; nil: Submit admits.
	Admission *Admission
}

// Submit files an inquiry. The caller is admitted first (Admit), unless the
// transport did so before reading the form; a signed-in caller's inquiry
// belongs to the customer it acts for. The form is checked (spec 3 section
// 5), the tenant must exist (else not found), the PDF is rendered and
// stored with the form, and the mails are handed to the job worker: a mail
// relay that is away delays them, it loses nothing.
func (s Service) Submit(ctx context.Context, caller *access.Caller, sub Submission) (inquiry.Inquiry, error) {
	admission := sub.Admission
	if admission == nil {
		var err error
		if admission, err = s.Admit(ctx, caller, sub.CaptchaToken, sub.RemoteAddr); err != nil {
			return inquiry.Inquiry{}, err
		}
		defer admission.Done()
	} else if !admission.admits(caller) {
		return inquiry.Inquiry{}, failure.New(failure.Forbidden, "error.forbidden")
	}
	in := sub.Inquiry
	in.CustomerID, in.CreatedBy = 0, ""
	if caller != nil {
		in.CreatedBy = caller.Login
		if own := customersOf(caller); len(own) > 0 {
			in.CustomerID = own[0]
		}
		if in.TenantID == 0 {
			id, err := s.Store.TenantOf(ctx, in.CustomerID)
			if err != nil {
				return inquiry.Inquiry{}, err
			}
			in.TenantID = id
		}
	}
	for i := range in.Attachments {
		in.Attachments[i].FileName = filename.Visible(in.Attachments[i].FileName)
	}
	in, err := inquiry.Validate(in)
	if err != nil {
		return inquiry.Inquiry{}, err
	}
	tenant, err := s.tenant(ctx, in.TenantID)
	if err != nil {
		return inquiry.Inquiry{}, err
	}
	in.CreatedAt = s.now().UTC()
	pdf, err := s.Renderer.Inquiry(in, tenant)
	if err != nil {
		return inquiry.Inquiry{}, err
	}
	stored, err := s.Store.Create(ctx, in, pdf)
	if err != nil {
		return inquiry.Inquiry{}, err
	}
	// Stored is filed: a queue that is away now is caught up by Resume.
	_ = s.Queue.MailInquiry(ctx, stored.ID)
	return stored, nil
}
