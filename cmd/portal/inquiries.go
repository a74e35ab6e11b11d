package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/mail"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/app/gate"
	"parcelportal/app/inquiries"
)

// Anonymous inquiries and newsletter subscriptions per client address over
// the throttle window; a signed-in login files as many inquiries as an
// address may. inquiriesAtOnce bounds the inquiry bodies this process reads
// at once: each inflates to up to 33 MB and is held several times over
// while vanguard and Connect decode it.
const (
	inquiriesPerAddress   = 10
	inquiriesPerLogin     = inquiriesPerAddress
	newslettersPerAddress = 10
	// confirmationLinksPerEmail bounds the newsletter links mailed to one
	// address: asking again for it mails nobody past this.
	confirmationLinksPerEmail = 3
	inquiriesAtOnce           = 1
)

// inquiriesOf wires parcel inquiries and the newsletter: stored in Postgres,
// the tenants' addresses, the registration's captcha, rendered with fpdf,
// mailed over SMTP by the job queue. A queue that is not the asynq queue
// (the tests' memory queue) mails at once.
func inquiriesOf(cfg config, pool *pgxpool.Pool, sealer *secrets.Box, captchaPort inquiries.Captcha, queue any) inquiries.Service {
	s := inquiries.Service{
		Store:   postgres.Inquiries{Pool: pool},
		Tenants: postgres.Tenants{Pool: pool, Sealer: sealer},
		Captcha: captchaPort,
		Throttle: postgres.Throttle{Pool: pool, Window: throttleWindow, Limits: map[string]int{
			inquiries.AddrKey: inquiriesPerAddress, inquiries.LoginKey: inquiriesPerLogin,
			inquiries.NewsletterKey: newslettersPerAddress, inquiries.NewsletterEmailKey: confirmationLinksPerEmail}},
		Bodies:   gate.New(inquiriesAtOnce),
		Renderer: pdf.Inquiry{},
		Mailer:   mail.InquiryMails{Sender: mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.MailFrom}, BaseURL: cfg.BaseURL},
	}
	if q, ok := queue.(inquiries.Queue); ok {
		s.Queue = q
	} else {
		s.Queue = mailAtOnce{s}
	}
	return s
}

// mailAtOnce sends an inquiry's or a subscription's mails in the request
// that filed it.
type mailAtOnce struct{ s inquiries.Service }

// MailInquiry sends the mails now.
func (m mailAtOnce) MailInquiry(ctx context.Context, id int64) error { return m.s.Mail(ctx, id) }

// MailSubscription sends the mails now.
func (m mailAtOnce) MailSubscription(ctx context.Context, id int64) error {
	return m.s.MailSubscription(ctx, id)
}
