package main

import (
	"context"
	"crypto/rand"
	"net/netip"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/webhooksend"
	"parcelportal/app/batchjob"
	"parcelportal/app/webhooks"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/printer"
	"parcelportal/core/webhook"
)

// webhooksOf wires the integrators' webhooks: Postgres as the endpoints'
// store, the outbox and the delivery log; the job queue for the tries;
// the HTTP sender on the addresses WEBHOOK_NETWORKS and the portal's own
// services allow; mails to the customer's users through Kratos.
func webhooksOf(cfg config, pool *pgxpool.Pool, sealer *secrets.Box, queue batchjob.Queue, provider *kratos.Provider) webhooks.Service {
	store := postgres.Webhooks{Pool: pool, Sealer: sealer}
	q, ok := queue.(webhooks.Queue)
	if !ok {
		q = sweptLater{}
	}
	return webhooks.Service{
		Store: store, Outbox: store, Queue: q,
		Sender:    senderPort{webhookSenderOf(cfg)},
		Mailer:    mail.WebhookMails{Sender: mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.MailFrom}, BaseURL: cfg.BaseURL, Recipients: webhookRecipients{store, provider}},
		AllowHTTP: !cfg.Production,
		Random:    rand.Reader,
	}
}

// webhookSenderOf is the HTTP sender under the webhook address rule: the
// printers' rule with WEBHOOK_NETWORKS for networks and the portal's own
// services (looked up as for printers), and link-local always refused.
func webhookSenderOf(cfg config) webhooksend.Sender {
	services := printerReach(cfg).Services
	return webhooksend.Sender{
		Reach:     webhook.Reach{Printer: printer.Reach{Networks: cfg.WebhookNetworks, Services: services}},
		Timeout:   cfg.WebhookTimeout,
		AllowHTTP: !cfg.Production,
		UserAgent: "parcel-portal-webhooks/1",
	}
}

// senderPort is the use cases' Sender over the HTTP sender.
type senderPort struct{ s webhooksend.Sender }

func (p senderPort) Check(ctx context.Context, url string) error { return p.s.Check(ctx, url) }

func (p senderPort) Post(ctx context.Context, url string, headers map[string]string, body []byte) (int, time.Duration, error) {
	a, err := p.s.Post(ctx, url, headers, body)
	return a.Status, a.Duration, err
}

// sweptLater stands for a queue when none takes webhook tries: the
// worker's sweep hands the due deliveries over.
type sweptLater struct{}

func (sweptLater) Deliver(context.Context, int64, time.Time) error { return nil }

// webhookRecipients are the customer's active logins with a customer role
// (users and API logins) that have an e-mail, each with its language.
type webhookRecipients struct {
	store    postgres.Webhooks
	provider *kratos.Provider
}

func (r webhookRecipients) WebhookRecipients(ctx context.Context, customerID int64) ([]mail.WebhookRecipient, error) {
	ids, err := r.store.CustomerIdentities(ctx, customerID)
	if err != nil {
		return nil, err
	}
	var out []mail.WebhookRecipient
	for _, id := range ids {
		u, err := r.provider.Get(ctx, id)
		if err != nil {
			continue
		}
		if u.Email == "" || u.Status != account.Active || !slices.ContainsFunc(u.Roles, func(role access.Role) bool {
			return role == access.User || role == access.API
		}) {
			continue
		}
		out = append(out, mail.WebhookRecipient{Email: u.Email, Language: u.LangKey})
	}
	return out, nil
}

// parseWebhookNetworks reads WEBHOOK_NETWORKS as PRINTER_NETWORKS is read.
func parseWebhookNetworks(list string) ([]netip.Prefix, error) { return printer.ParseNetworks(list) }
