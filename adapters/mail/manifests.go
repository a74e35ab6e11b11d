package mail

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"parcelportal/app/manifests"
	"parcelportal/core/batch"
)

// ManifestMails writes the mails of automatic manifests in the reader's
// language, with every manifest made attached as a PDF. BaseURL is where
// people reach the portal; each manifest's batch is linked there.
type ManifestMails struct {
	Sender  Sender
	BaseURL string
}

var _ manifests.Mailer = ManifestMails{}

// manifestTexts is one language's wording of the manifest mails.
type manifestTexts struct {
	successSubject, failureSubject string
	successIntro, failureIntro     string
	slot, customer, made, failed   string
}

var manifestWording = map[string]manifestTexts{
	"en": {
		successSubject: "Manifests of %s (%s) for %s",
		failureSubject: "Manifests of %s (%s) for %s failed",
		successIntro:   "The automatic manifests of the schedule's slot are made; the manifests are attached.",
		failureIntro:   "Not every automatic manifest of the schedule's slot could be made. The manifests that were made are attached; the others can be generated again from their batch.",
		slot:           "Slot", customer: "Customer", made: "made", failed: "failed",
	},
	"de": {
		successSubject: "Manifeste von %s (%s) für %s",
		failureSubject: "Manifeste von %s (%s) für %s fehlgeschlagen",
		successIntro:   "Die automatischen Manifeste des geplanten Zeitpunkts sind erstellt; die Manifeste hängen an.",
		failureIntro:   "Nicht alle automatischen Manifeste des geplanten Zeitpunkts konnten erstellt werden. Die erstellten Manifeste hängen an; die übrigen lassen sich in ihrem Batch neu erzeugen.",
		slot:           "Zeitpunkt", customer: "Kunde", made: "erstellt", failed: "fehlgeschlagen",
	},
	"es": {
		successSubject: "Manifiestos de %s (%s) para %s",
		failureSubject: "Los manifiestos de %s (%s) para %s han fallado",
		successIntro:   "Se han creado los manifiestos automáticos del horario programado; los manifiestos van adjuntos.",
		failureIntro:   "No se han podido crear todos los manifiestos automáticos del horario programado. Los manifiestos creados van adjuntos; los demás pueden volver a generarse desde su lote.",
		slot:           "Horario", customer: "Cliente", made: "creado", failed: "fallido",
	},
	"it": {
		successSubject: "Manifesti di %s (%s) per %s",
		failureSubject: "Manifesti di %s (%s) per %s non riusciti",
		successIntro:   "I manifesti automatici dell'orario programmato sono stati creati; i manifesti sono allegati.",
		failureIntro:   "Non è stato possibile creare tutti i manifesti automatici dell'orario programmato. I manifesti creati sono allegati; gli altri possono essere generati di nuovo dal loro batch.",
		slot:           "Orario", customer: "Cliente", made: "creato", failed: "non riuscito",
	},
	"nl": {
		successSubject: "Manifesten van %s (%s) voor %s",
		failureSubject: "Manifesten van %s (%s) voor %s mislukt",
		successIntro:   "De automatische manifesten van het geplande tijdstip zijn gemaakt; de manifesten zijn bijgevoegd.",
		failureIntro:   "Niet alle automatische manifesten van het geplande tijdstip konden worden gemaakt. De gemaakte manifesten zijn bijgevoegd; de andere kunnen opnieuw worden gemaakt vanuit hun batch.",
		slot:           "Tijdstip", customer: "Klant", made: "gemaakt", failed: "mislukt",
	},
}

// ManifestMail sends one slot's mail: to staff in the language of the
// customer's CRM id country (as registration requests are), to the
// customer in the customer's language.
func (n ManifestMails) ManifestMail(ctx context.Context, m manifests.Mail) error {
	lang := m.Language
	if m.Staff {
		lang = staffLanguage(m.Run.CRMID)
	}
	t, ok := manifestWording[lang]
	if !ok {
		t = manifestWording["en"]
	}
	r := m.Run
	slot := r.Slot
	if loc, err := time.LoadLocation(m.Zone); err == nil {
		slot = slot.In(loc)
	}
	when := slot.Format("02.01.2006 15:04 MST")
	subject, intro := t.successSubject, t.successIntro
	if !m.Success {
		subject, intro = t.failureSubject, t.failureIntro
	}
	var b strings.Builder
	b.WriteString(intro + "\n\n")
	fmt.Fprintf(&b, "%s: %s (%s)\n%s: %s\n\n", t.customer, r.CustomerName, r.CRMID, t.slot, when)
	base := strings.TrimSuffix(n.BaseURL, "/")
	var files []Attachment
	for _, mb := range r.Batches {
		state := t.made
		if mb.Status != batch.ManifestCreated {
			state = t.failed
		}
		name := strings.TrimSpace(mb.Number + " " + mb.ManifestType)
		if name == "" {
			name = "#" + strconv.FormatInt(mb.ID, 10)
		}
		fmt.Fprintf(&b, "- %s: %s  %s/batch/%d\n", name, state, base, mb.ID)
		if mb.Document != nil {
			files = append(files, Attachment{
				Name:        fmt.Sprintf("manifest-%d-%s.pdf", mb.ID, slot.Format("20060102-1504")),
				ContentType: "application/pdf", Data: mb.Document,
			})
		}
	}
	return n.Sender.Send(ctx, Message{To: m.To, Subject: fmt.Sprintf(subject, r.CustomerName, r.CRMID, when), Text: b.String(), Attachments: files})
}
