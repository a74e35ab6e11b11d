package mail

import (
	"context"
	"strings"
	"testing"
	"time"

	"parcelportal/core/webhook"
)

type recipients []WebhookRecipient

func (r recipients) WebhookRecipients(context.Context, int64) ([]WebhookRecipient, error) {
	return r, nil
}

func TestWebhookDisabledMailInEachReadersLanguage(t *testing.T) {
	r := &recorder{}
	to := recipients{}
	for _, lang := range []string{"de", "en", "es", "it", "nl"} {
		to = append(to, WebhookRecipient{Email: lang + "@example.org", Language: lang})
	}
	err := WebhookMails{Sender: r, BaseURL: "https://portal.example/", Recipients: to}.EndpointDisabled(context.Background(),
		webhook.Endpoint{CustomerID: 7, URL: "https://hooks.example/x", FailingSince: time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)})
	if err != nil || len(r.sent) != 5 {
		t.Fatalf("sent %d, %v", len(r.sent), err)
	}
	subjects := map[string]bool{}
	for i, m := range r.sent {
		if m.To[0] != to[i].Email || !strings.Contains(m.Text, "https://hooks.example/x") ||
			!strings.Contains(m.Text, "01.05.2026 08:00 UTC") || !strings.Contains(m.Text, "https://portal.example/webhooks") {
			t.Errorf("%s: %+v", to[i].Language, m)
		}
		subjects[m.Subject] = true
	}
	if len(subjects) != 5 {
		t.Errorf("subjects not translated: %v", subjects)
	}
}
