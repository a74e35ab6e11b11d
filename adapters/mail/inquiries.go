package mail

import (
	"context"
	"fmt"
	"strings"

	"parcelportal/app/inquiries"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

// InquiryMails writes the parcel inquiry's mails (to the tenant's service
// desk, with a copy to the sender) and the newsletter's (a confirmation to
// the subscriber, a notice to the tenant's marketing addresses). Whatever a
// visitor typed goes into the text or, encoded, into the subject, never
// into a header of its own (compose encodes every header value).
type InquiryMails struct {
	Sender Sender
}

var _ inquiries.Mailer = InquiryMails{}

// MailDesk mails the inquiry with its PDF and attachments to the tenant's
// service desk; nothing when the tenant has no service address.
func (m InquiryMails) MailDesk(ctx context.Context, in inquiry.Inquiry, tenant organisation.Tenant, pdf []byte) error {
	if tenant.ServiceEmail == "" {
		return nil
	}
	subject, text := inquiryText(in, tenant)
	return m.Sender.Send(ctx, Message{To: []string{tenant.ServiceEmail}, Subject: subject, Text: text, Attachments: inquiryFiles(in, pdf)})
}

// MailSenderCopy mails the sender the same with a word of thanks, when the
// sender asked for a copy: the text and the inquiry's PDF, never the files
// the form carried. The sender's address is typed into the form, so with
// the files the copy carried up to 24 MB of the filer's choosing to any
// address (issue 22).
func (m InquiryMails) MailSenderCopy(ctx context.Context, in inquiry.Inquiry, tenant organisation.Tenant, pdf []byte) error {
	if !in.SenderCopyToEmail || in.Sender.ContactEmail == "" {
		return nil
	}
	subject, text := inquiryText(in, tenant)
	copyText := "Thank you: we received your parcel inquiry and will answer you soon. Your inquiry is attached as a PDF.\n\n" + text
	files := inquiryFiles(inquiry.Inquiry{TrackingNumber: in.TrackingNumber}, pdf)
	return m.Sender.Send(ctx, Message{To: []string{in.Sender.ContactEmail}, Subject: "Copy: " + subject, Text: copyText, Attachments: files})
}

// inquiryText is the subject and text of an inquiry's mails.
func inquiryText(in inquiry.Inquiry, tenant organisation.Tenant) (subject, text string) {
	var b strings.Builder
	fmt.Fprintf(&b, "A parcel inquiry was filed for %s.\n\n", tenant.Name)
	fmt.Fprintf(&b, "Tracking number: %s\nReason: %s\nProduct: %s\nInsurance: %s\n", in.TrackingNumber, in.Reason, in.Product, in.Insurance)
	fmt.Fprintf(&b, "Sender: %s (%s), %s <%s>\n", in.Sender.Name, in.Sender.Crmid, in.Sender.ContactPerson, in.Sender.ContactEmail)
	fmt.Fprintf(&b, "Recipient: %s, %s <%s>\n\n", in.Recipient.Name, in.Recipient.ContactPerson, in.Recipient.ContactEmail)
	b.WriteString("The inquiry is attached as a PDF with the files the sender added.\n")
	return fmt.Sprintf("Parcel inquiry %s: %s", oneLine(in.TrackingNumber), in.Reason), b.String()
}

// inquiryFiles are the inquiry's PDF and the files the sender added.
func inquiryFiles(in inquiry.Inquiry, pdf []byte) []Attachment {
	files := []Attachment{{Name: inquiry.PDFName(in.TrackingNumber), ContentType: "application/pdf", Data: pdf}}
	for _, a := range in.Attachments {
		files = append(files, Attachment{Name: a.FileName, ContentType: inquiry.ContentType(a.FileName), Data: a.Data})
	}
	return files
}

// MailConfirmation confirms the subscription to the subscriber.
func (m InquiryMails) MailConfirmation(ctx context.Context, s inquiry.Subscription, tenant organisation.Tenant) error {
	confirm := fmt.Sprintf("Thank you for subscribing to the newsletter of %s with %s for %s.\n", tenant.Name, s.Email, s.Company)
	return m.Sender.Send(ctx, Message{To: []string{s.Email}, Subject: "Newsletter subscription confirmed", Text: confirm})
}

// MailMarketing tells the tenant's marketing addresses of the subscription;
// nothing when the tenant has none.
func (m InquiryMails) MailMarketing(ctx context.Context, s inquiry.Subscription, tenant organisation.Tenant) error {
	if len(tenant.MarketingEmails) == 0 {
		return nil
	}
	notice := fmt.Sprintf("A new newsletter subscription:\n\nCompany: %s\nE-mail: %s\nSubscribed by: %s\n", s.Company, s.Email, s.CreatedBy)
	return m.Sender.Send(ctx, Message{To: tenant.MarketingEmails, Subject: "New newsletter subscription: " + oneLine(s.Company), Text: notice})
}

// oneLine drops line breaks and control characters.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}
