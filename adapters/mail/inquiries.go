package mail

import (
	"context"
	"fmt"
	"net/url"
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
	// BaseURL is where subscribers reach the portal, for the newsletter's
	// confirmation link.
	BaseURL string
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

// confirmationTexts is one language's wording of the newsletter's link
// mail: the subject, and the text with the tenant, the address and the
// company, the link, and the days it holds.
type confirmationTexts struct{ subject, text string }

// confirmations by inquiry.Languages.
var confirmations = map[string]confirmationTexts{
	"de": {"Bitte bestätigen Sie Ihr Newsletter-Abonnement",
		"Für %[2]s (%[3]s) wurde der Newsletter von %[1]s bestellt.\n\nBitte bestätigen Sie das Abonnement mit diesem Link:\n%[4]s\n\nDer Link ist %[5]d Tage gültig. Haben Sie nichts bestellt, ignorieren Sie diese E-Mail: ohne Bestätigung erhalten Sie keinen Newsletter.\n"},
	"en": {"Please confirm your newsletter subscription",
		"The newsletter of %[1]s was requested for %[2]s (%[3]s).\n\nPlease confirm the subscription with this link:\n%[4]s\n\nThe link holds for %[5]d days. If you did not ask for it, ignore this mail: without your confirmation you get no newsletter.\n"},
	"es": {"Confirme su suscripción al boletín",
		"Se ha solicitado el boletín de %[1]s para %[2]s (%[3]s).\n\nConfirme la suscripción con este enlace:\n%[4]s\n\nEl enlace es válido durante %[5]d días. Si no la ha solicitado, ignore este correo: sin su confirmación no recibirá ningún boletín.\n"},
	"it": {"Confermi la sua iscrizione alla newsletter",
		"È stata richiesta la newsletter di %[1]s per %[2]s (%[3]s).\n\nConfermi l'iscrizione con questo link:\n%[4]s\n\nIl link è valido per %[5]d giorni. Se non l'ha richiesta, ignori questa e-mail: senza la sua conferma non riceverà alcuna newsletter.\n"},
	"nl": {"Bevestig uw inschrijving op de nieuwsbrief",
		"De nieuwsbrief van %[1]s is aangevraagd voor %[2]s (%[3]s).\n\nBevestig de inschrijving met deze link:\n%[4]s\n\nDe link is %[5]d dagen geldig. Heeft u niets aangevraagd, negeer dan deze e-mail: zonder uw bevestiging ontvangt u geen nieuwsbrief.\n"},
}

// MailConfirmation mails the subscriber, in its language, the link that
// confirms the subscription: BaseURL/newsletter/confirm?token=...
func (m InquiryMails) MailConfirmation(ctx context.Context, s inquiry.Subscription, tenant organisation.Tenant, token string) error {
	t := confirmations[inquiry.LanguageOf(s.Language)]
	link := strings.TrimRight(m.BaseURL, "/") + "/newsletter/confirm?token=" + url.QueryEscape(token)
	text := fmt.Sprintf(t.text, tenant.Name, s.Email, s.Company, link, int(inquiry.ConfirmationTTL.Hours()/24))
	return m.Sender.Send(ctx, Message{To: []string{s.Email}, Subject: t.subject, Text: text})
}

// MailMarketing tells the tenant's marketing addresses of a confirmed
// subscription; nothing when the tenant has none.
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
