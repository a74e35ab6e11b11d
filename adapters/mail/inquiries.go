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
	w := inquiryWordingFor(inquiryLanguage(in))
	subject, text := inquiryText(in, tenant)
	files := inquiryFiles(inquiry.Inquiry{TrackingNumber: in.TrackingNumber}, pdf)
	return m.Sender.Send(ctx, Message{To: []string{in.Sender.ContactEmail}, Subject: w.copyPrefix + subject, Text: w.thanks + "\n\n" + text, Attachments: files})
}

// inquiryLanguage is the language of an inquiry's mails. The inquiry
// carries none of its own: the desk that handles it and the sender are
// those of the country in the sender's CRM id, as for a registration's
// mail to staff (English for the countries whose language the portal does
// not speak).
func inquiryLanguage(in inquiry.Inquiry) string { return staffLanguage(in.Sender.Crmid) }

// inquiryWording is one language's wording of the inquiry mails, with the
// names of the form's products, insurance tiers and reasons: the mails
// show names, not the codes the form sends.
type inquiryWording struct {
	filedFor, tracking, reason, product, insurance, sender, recipient, attached, subject, copyPrefix, thanks string
	names                                                                                                    map[string]string
}

// sameInEveryLanguage are the names of the products and insurance amounts,
// which no language translates.
var sameInEveryLanguage = map[string]string{
	"EPAQ_STANDARD": "e-PAQ Standard", "EPAQ_PLUS": "e-PAQ Plus", "EPAQ_SELECT": "e-PAQ Select", "EPAQ_ELITE": "e-PAQ Elite",
	"EUR_45": "45 EUR", "EUR_150": "150 EUR", "EUR_500": "500 EUR",
}

// inquiryWordings by language; anything else reads English.
var inquiryWordings = map[string]inquiryWording{
	"de": {"Für %s wurde eine Paketnachforschung gestellt.", "Sendungsnummer", "Grund", "Produkt", "Versicherung", "Absender", "Empfänger",
		"Die Nachforschung ist als PDF angehängt, mit den Dateien, die der Absender beigefügt hat.", "Paketnachforschung %s: %s", "Kopie: ",
		"Vielen Dank: Wir haben Ihre Paketnachforschung erhalten und antworten Ihnen bald. Ihre Nachforschung ist als PDF angehängt.",
		map[string]string{"NONE": "Keine Versicherung", "ITEM_NOT_DELIVERED": "Sendung nicht zugestellt", "DISPUTED_DELIVERY": "Zustellung bestritten", "ITEM_DAMAGED": "Sendung beschädigt", "OTHERS": "Sonstiges"}},
	"en": {"A parcel inquiry was filed for %s.", "Tracking number", "Reason", "Product", "Insurance", "Sender", "Recipient",
		"The inquiry is attached as a PDF with the files the sender added.", "Parcel inquiry %s: %s", "Copy: ",
		"Thank you: we received your parcel inquiry and will answer you soon. Your inquiry is attached as a PDF.",
		map[string]string{"NONE": "No insurance", "ITEM_NOT_DELIVERED": "Item not delivered", "DISPUTED_DELIVERY": "Disputed delivery", "ITEM_DAMAGED": "Item damaged", "OTHERS": "Others"}},
	"es": {"Se ha presentado una reclamación de paquete para %s.", "Número de seguimiento", "Motivo", "Producto", "Seguro", "Remitente", "Destinatario",
		"La reclamación se adjunta en PDF con los archivos que añadió el remitente.", "Reclamación de paquete %s: %s", "Copia: ",
		"Gracias: hemos recibido su reclamación de paquete y le responderemos pronto. Su reclamación se adjunta en PDF.",
		map[string]string{"NONE": "Sin seguro", "ITEM_NOT_DELIVERED": "Envío no entregado", "DISPUTED_DELIVERY": "Entrega disputada", "ITEM_DAMAGED": "Envío dañado", "OTHERS": "Otros"}},
	"it": {"È stato presentato un reclamo per un pacco per %s.", "Numero di tracciamento", "Motivo", "Prodotto", "Assicurazione", "Mittente", "Destinatario",
		"Il reclamo è allegato in PDF con i file aggiunti dal mittente.", "Reclamo pacco %s: %s", "Copia: ",
		"Grazie: abbiamo ricevuto il suo reclamo per il pacco e le risponderemo presto. Il reclamo è allegato in PDF.",
		map[string]string{"NONE": "Nessuna assicurazione", "ITEM_NOT_DELIVERED": "Spedizione non consegnata", "DISPUTED_DELIVERY": "Consegna contestata", "ITEM_DAMAGED": "Spedizione danneggiata", "OTHERS": "Altro"}},
	"nl": {"Er is een pakketonderzoek ingediend voor %s.", "Trackingnummer", "Reden", "Product", "Verzekering", "Afzender", "Ontvanger",
		"Het onderzoek is als pdf bijgevoegd, met de bestanden die de afzender heeft toegevoegd.", "Pakketonderzoek %s: %s", "Kopie: ",
		"Dank u: we hebben uw pakketonderzoek ontvangen en antwoorden u spoedig. Uw onderzoek is als pdf bijgevoegd.",
		map[string]string{"NONE": "Geen verzekering", "ITEM_NOT_DELIVERED": "Zending niet bezorgd", "DISPUTED_DELIVERY": "Betwiste bezorging", "ITEM_DAMAGED": "Zending beschadigd", "OTHERS": "Overige"}},
}

func inquiryWordingFor(lang string) inquiryWording {
	if w, ok := inquiryWordings[lang]; ok {
		return w
	}
	return inquiryWordings["en"]
}

// name is a code's name in the wording's language; a code without one
// (none the form sends) stays as it came.
func (w inquiryWording) name(code string) string {
	if n, ok := w.names[code]; ok {
		return n
	}
	if n, ok := sameInEveryLanguage[code]; ok {
		return n
	}
	return code
}

// inquiryText is the subject and text of an inquiry's mails, in the
// inquiry's language.
func inquiryText(in inquiry.Inquiry, tenant organisation.Tenant) (subject, text string) {
	w := inquiryWordingFor(inquiryLanguage(in))
	var b strings.Builder
	fmt.Fprintf(&b, w.filedFor+"\n\n", tenant.Name)
	fmt.Fprintf(&b, "%s: %s\n%s: %s\n%s: %s\n%s: %s\n", w.tracking, in.TrackingNumber, w.reason, w.name(in.Reason),
		w.product, w.name(in.Product), w.insurance, w.name(in.Insurance))
	fmt.Fprintf(&b, "%s: %s (%s), %s <%s>\n", w.sender, in.Sender.Name, in.Sender.Crmid, in.Sender.ContactPerson, in.Sender.ContactEmail)
	fmt.Fprintf(&b, "%s: %s, %s <%s>\n\n", w.recipient, in.Recipient.Name, in.Recipient.ContactPerson, in.Recipient.ContactEmail)
	b.WriteString(w.attached + "\n")
	return fmt.Sprintf(w.subject, oneLine(in.TrackingNumber), w.name(in.Reason)), b.String()
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
