package mail

import (
	"context"
	"fmt"
	"strings"

	"parcelportal/app/webhooks"
	"parcelportal/core/webhook"
)

// WebhookRecipient is a user of a customer told about its webhooks.
type WebhookRecipient struct {
	Email    string
	Language string
}

// WebhookRecipients finds who is told when a customer's endpoint is
// disabled: the customer's active users and API logins with an e-mail.
type WebhookRecipients interface {
	WebhookRecipients(ctx context.Context, customerID int64) ([]WebhookRecipient, error)
}

// WebhookMails tells a customer's users, each in their language, that the
// portal disabled one of its webhook endpoints after a day of failures.
type WebhookMails struct {
	Sender     Sender
	BaseURL    string
	Recipients WebhookRecipients
}

var _ webhooks.Mailer = WebhookMails{}

type webhookTexts struct{ subject, body, url, since, enable string }

var webhookWording = map[string]webhookTexts{
	"en": {
		subject: "Parcel Portal: webhook endpoint disabled",
		body:    "Deliveries to one of your webhook endpoints failed for a day without a success, so the portal disabled it. Events are no longer sent to it.",
		url:     "Endpoint", since: "Failing since",
		enable: "Fix the receiver, then enable the endpoint again under Webhooks:",
	},
	"de": {
		subject: "Paketportal: Webhook-Endpunkt deaktiviert",
		body:    "Zustellungen an einen Ihrer Webhook-Endpunkte sind einen Tag lang ohne Erfolg fehlgeschlagen; das Portal hat ihn deshalb deaktiviert. Ereignisse werden nicht mehr an ihn gesendet.",
		url:     "Endpunkt", since: "Fehlerhaft seit",
		enable: "Beheben Sie den Fehler beim Empfänger und aktivieren Sie den Endpunkt unter Webhooks wieder:",
	},
	"es": {
		subject: "Portal de paquetes: endpoint de webhook desactivado",
		body:    "Los envíos a uno de sus endpoints de webhook han fallado durante un día sin ningún éxito, por lo que el portal lo ha desactivado. Ya no se le envían eventos.",
		url:     "Endpoint", since: "Falla desde",
		enable: "Corrija el receptor y vuelva a activar el endpoint en Webhooks:",
	},
	"it": {
		subject: "Portale pacchi: endpoint webhook disattivato",
		body:    "Le consegne a uno dei suoi endpoint webhook sono fallite per un giorno senza alcun successo, quindi il portale lo ha disattivato. Gli eventi non gli vengono più inviati.",
		url:     "Endpoint", since: "In errore dal",
		enable: "Corregga il ricevitore, poi riattivi l'endpoint in Webhook:",
	},
	"nl": {
		subject: "Pakketportaal: webhook-endpoint uitgeschakeld",
		body:    "Leveringen aan een van uw webhook-endpoints zijn een dag lang zonder succes mislukt; het portaal heeft het daarom uitgeschakeld. Er worden geen gebeurtenissen meer naartoe gestuurd.",
		url:     "Endpoint", since: "Mislukt sinds",
		enable: "Herstel de ontvanger en schakel het endpoint daarna weer in onder Webhooks:",
	},
}

// EndpointDisabled mails each of the customer's users in their language.
func (n WebhookMails) EndpointDisabled(ctx context.Context, e webhook.Endpoint) error {
	to, err := n.Recipients.WebhookRecipients(ctx, e.CustomerID)
	if err != nil {
		return err
	}
	base := strings.TrimSuffix(n.BaseURL, "/")
	for _, r := range to {
		t, ok := webhookWording[r.Language]
		if !ok {
			t = webhookWording["en"]
		}
		text := fmt.Sprintf("%s\n\n%s: %s\n%s: %s\n\n%s %s/webhooks\n", t.body, t.url, e.URL, t.since,
			e.FailingSince.UTC().Format("02.01.2006 15:04 UTC"), t.enable, base)
		if err := n.Sender.Send(ctx, Message{To: []string{r.Email}, Subject: t.subject, Text: text}); err != nil {
			return err
		}
	}
	return nil
}
