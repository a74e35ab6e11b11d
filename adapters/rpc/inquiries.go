package rpc

import (
	"context"
	"net/http"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/inquiries"
	"parcelportal/core/inquiry"
)

// InquiryHandler serves portal.v1.InquiryService.
type InquiryHandler struct{ Inquiries inquiries.Service }

// GetInquiryTenant names the tenant and its address.
func (h InquiryHandler) GetInquiryTenant(ctx context.Context, req *connect.Request[portalv1.GetInquiryTenantRequest]) (*connect.Response[portalv1.GetInquiryTenantResponse], error) {
	t, err := h.Inquiries.Tenant(ctx, callerFrom(ctx), req.Msg.GetTenantId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetInquiryTenantResponse{Tenant: &portalv1.InquiryTenant{Id: t.ID, Name: t.Name, Address: t.Address}}), nil
}

func inquiryFromProto(m *portalv1.SubmitParcelInquiryRequest) inquiry.Inquiry {
	files := make([]inquiry.Attachment, len(m.GetAttachments()))
	for i, a := range m.GetAttachments() {
		files[i] = inquiry.Attachment{FileName: a.GetFileName(), Data: a.GetData()}
	}
	return inquiry.Inquiry{
		TenantID: m.GetTenantId(), Product: nameOf(m.GetProduct()),
		Insurance:  nameOf(m.GetInsurance()),
		Reason:     nameOf(m.GetReason()),
		ReasonText: m.GetReasonText(), TrackingNumber: m.GetTrackingNumber(), DateOfPosting: m.GetDateOfPosting(),
		Sender: inquiry.Party{Name: m.GetSenderName(), Street: m.GetSenderStreet(), ZipCode: m.GetSenderZipCode(),
			City: m.GetSenderCity(), Country: m.GetSenderCountry(), Crmid: m.GetSenderCrmid(),
			ContactPerson: m.GetSenderContactPerson(), ContactPhone: m.GetSenderContactPhone(),
			ContactEmail: m.GetSenderContactEmail(), ContactEmailCopy: m.GetSenderContactEmailCopy()},
		Recipient: inquiry.Party{Name: m.GetRecipientName(), Street: m.GetRecipientStreet(), ZipCode: m.GetRecipientZipCode(),
			City: m.GetRecipientCity(), Country: m.GetRecipientCountry(),
			ContactPerson: m.GetRecipientContactPerson(), ContactPhone: m.GetRecipientContactPhone(),
			ContactEmail: m.GetRecipientContactEmail(), ContactEmailCopy: m.GetRecipientContactEmailCopy()},
		SenderCopyToEmail: m.GetSenderCopyToEmail(), ContentDescription: m.GetContentDescription(),
		ContentValue: m.GetContentValue(), Consent: m.GetConsent(), Attachments: files,
	}
}

type admissionKey struct{}

// admit lets an inquiry in before its body is read (admitBodies): the
// captcha answer of an anonymous visitor comes in the X-Captcha-Token
// header, so that a missing or wrong one is refused before a byte of the
// body is read or inflated.
func (h InquiryHandler) admit(authorized context.Context, r *http.Request) (context.Context, func(), error) {
	a, err := h.Inquiries.Admit(authorized, callerFrom(authorized), r.Header.Get(captchaHeader), remoteAddr(authorized))
	if err != nil {
		return nil, nil, err
	}
	return context.WithValue(r.Context(), admissionKey{}, a), a.Done, nil
}

// SubmitParcelInquiry files an inquiry; admit has let it in (a call that
// did not pass admitBodies is admitted by Submit, from the same header).
func (h InquiryHandler) SubmitParcelInquiry(ctx context.Context, req *connect.Request[portalv1.SubmitParcelInquiryRequest]) (*connect.Response[portalv1.SubmitParcelInquiryResponse], error) {
	admission, _ := ctx.Value(admissionKey{}).(*inquiries.Admission)
	in, err := h.Inquiries.Submit(ctx, callerFrom(ctx), inquiries.Submission{
		Inquiry: inquiryFromProto(req.Msg), CaptchaToken: req.Header().Get(captchaHeader), RemoteAddr: remoteAddr(ctx),
		Admission: admission,
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SubmitParcelInquiryResponse{Id: in.ID}), nil
}

// GetParcelInquiryPdf sends the latest inquiry's PDF.
func (h InquiryHandler) GetParcelInquiryPdf(ctx context.Context, req *connect.Request[portalv1.GetParcelInquiryPdfRequest]) (*connect.Response[portalv1.GetParcelInquiryPdfResponse], error) {
	doc, err := h.Inquiries.PDF(ctx, callerFrom(ctx), req.Msg.GetTrackingId())
	if err != nil {
		return nil, err
	}
	body := &httpbody.HttpBody{ContentType: "application/pdf", Data: doc.PDF}
	return attachment(connect.NewResponse(&portalv1.GetParcelInquiryPdfResponse{File: body}), doc.Name), nil
}

// SubscribeNewsletter subscribes the e-mail.
func (h InquiryHandler) SubscribeNewsletter(ctx context.Context, req *connect.Request[portalv1.SubscribeNewsletterRequest]) (*connect.Response[portalv1.SubscribeNewsletterResponse], error) {
	sub := inquiry.Subscription{Email: req.Msg.GetEmail(), Company: req.Msg.GetCompany(), Language: req.Msg.GetLanguage()}
	if err := h.Inquiries.Subscribe(ctx, callerFrom(ctx), sub, remoteAddr(ctx)); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SubscribeNewsletterResponse{}), nil
}

// ConfirmNewsletterSubscription confirms with the mailed link's token.
func (h InquiryHandler) ConfirmNewsletterSubscription(ctx context.Context, req *connect.Request[portalv1.ConfirmNewsletterSubscriptionRequest]) (*connect.Response[portalv1.ConfirmNewsletterSubscriptionResponse], error) {
	if err := h.Inquiries.Confirm(ctx, req.Msg.GetToken()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ConfirmNewsletterSubscriptionResponse{}), nil
}
