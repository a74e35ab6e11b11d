// Package inquiries holds the use cases of parcel inquiries and newsletter
// subscriptions (spec 3 sections 2 to 8): the tenant an inquiry goes to,
// filing an inquiry (anonymous visitors with a captcha, throttled per
// client address), mailing it by a job with its PDF and attachments, its
// PDF for the tracking grid, the marks the grid shows, and subscribing to
// the newsletter once per e-mail and tenant.
package inquiries

import (
	"context"
	"time"

	"parcelportal/app/gate"
	"parcelportal/app/trackingsearch"
	"parcelportal/core/access"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

// Store keeps inquiries and subscriptions (adapters/postgres, memory; both
// pass storetest).
type Store interface {
	// Create stores a filed inquiry with its PDF and answers it with its id.
	Create(ctx context.Context, in inquiry.Inquiry, pdf []byte) (inquiry.Inquiry, error)
	// Get reads an inquiry with its PDF; inquiry.KeyNotFound when unknown.
	Get(ctx context.Context, id int64) (inquiry.Inquiry, []byte, error)
	// Latest reads the newest inquiry of a tracking number among those of
	// the customers (all when customers is nil) with its PDF.
	Latest(ctx context.Context, trackingNumber string, customers []int64) (inquiry.Inquiry, []byte, error)
	// MarkDeskMailed notes that the inquiry's mail to the service desk went
	// out; it reports whether it had not before.
	MarkDeskMailed(ctx context.Context, id int64, at time.Time) (bool, error)
	// MarkMailed notes that the inquiry's mails went out; it reports
	// whether they had not before.
	MarkMailed(ctx context.Context, id int64, at time.Time) (bool, error)
	// Unmailed lists the ids of inquiries whose mails have not gone out.
	Unmailed(ctx context.Context) ([]int64, error)
	// Marks reads the latest inquiry of each tracking number among those of
	// the customers (all when customers is nil).
	Marks(ctx context.Context, trackingNumbers []string, customers []int64) (map[string]inquiry.Mark, error)
	// Subscribe stores a subscription unless one of the e-mail (any case)
	// and tenant exists; it answers the id of the new or the existing one
	// and whether it stored one.
	Subscribe(ctx context.Context, s inquiry.Subscription) (int64, bool, error)
	// AskConfirmationAgain clears the confirmation's mail mark of an
	// unconfirmed subscription and sets the language of its next link;
	// false for a confirmed one.
	AskConfirmationAgain(ctx context.Context, id int64, language string) (bool, error)
	// SetConfirmationToken keeps the hash of the subscription's link's
	// token (replacing an earlier one) and when it expires.
	SetConfirmationToken(ctx context.Context, id int64, hash [32]byte, expires time.Time) error
	// Confirm confirms the subscription whose unexpired token hashes to
	// hash (a confirmed one stays as it is); it answers its id and whether
	// this call confirmed it; inquiry.KeyInvalidLink when none matches.
	Confirm(ctx context.Context, hash [32]byte, now time.Time) (int64, bool, error)
	// GetSubscription reads a subscription; inquiry.KeyNotFound when unknown.
	GetSubscription(ctx context.Context, id int64) (inquiry.Subscription, error)
	// MarkConfirmationMailed notes that the subscription's confirmation
	// went out; it reports whether it had not before.
	MarkConfirmationMailed(ctx context.Context, id int64, at time.Time) (bool, error)
	// MarkSubscriptionMailed notes that the subscription's mails went out;
	// it reports whether they had not before.
	MarkSubscriptionMailed(ctx context.Context, id int64, at time.Time) (bool, error)
	// UnmailedSubscriptions lists the ids of subscriptions with a mail to
	// send: the link's (not confirmed, link not mailed) or marketing's
	// notice (confirmed, notice not mailed).
	UnmailedSubscriptions(ctx context.Context) ([]int64, error)
	// TenantOf is the tenant of the customer's hub, or the first tenant
	// for no customer; KeyTenantNotFound when there is none.
	TenantOf(ctx context.Context, customerID int64) (int64, error)
}

// Tenants reads the tenant an inquiry goes to.
type Tenants interface {
	GetTenant(ctx context.Context, id int64) (organisation.Tenant, error)
}

// Captcha checks an anonymous visitor's captcha answer.
type Captcha interface {
	Enabled() bool
	Verify(ctx context.Context, token, remoteAddr string) error
}

// Throttle counts inquiries per client address or login.
type Throttle interface {
	Attempt(ctx context.Context, keys []string, now time.Time) (bool, error)
}

// Queue hands the mails of a filed inquiry and of a new newsletter
// subscription to the job worker.
type Queue interface {
	MailInquiry(ctx context.Context, id int64) error
	MailSubscription(ctx context.Context, id int64) error
}

// Renderer renders an inquiry as a PDF.
type Renderer interface {
	Inquiry(in inquiry.Inquiry, tenant organisation.Tenant) ([]byte, error)
}

// Mailer sends the inquiry's and the newsletter's mails, one mail a call,
// so that the job can mark each as it goes out.
type Mailer interface {
	// MailDesk mails the inquiry with its PDF and attachments to the
	// tenant's service address (none when it has no address).
	MailDesk(ctx context.Context, in inquiry.Inquiry, tenant organisation.Tenant, pdf []byte) error
	// MailSenderCopy mails the sender a copy when asked (none otherwise).
	MailSenderCopy(ctx context.Context, in inquiry.Inquiry, tenant organisation.Tenant, pdf []byte) error
	// MailConfirmation mails the subscriber, in its language, the link
	// that confirms the subscription with the token.
	MailConfirmation(ctx context.Context, s inquiry.Subscription, tenant organisation.Tenant, token string) error
	// MailMarketing tells the tenant's marketing addresses of a new
	// subscription (none when it has none).
	MailMarketing(ctx context.Context, s inquiry.Subscription, tenant organisation.Tenant) error
}

// Service runs the inquiry and newsletter use cases.
type Service struct {
	Store    Store
	Tenants  Tenants
	Captcha  Captcha
	Throttle Throttle
	// Bodies bounds the inquiries whose forms are read at once (Admit);
	// the zero Gate bounds none.
	Bodies   gate.Gate
	Queue    Queue
	Renderer Renderer
	Mailer   Mailer
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Throttle key prefixes: anonymous inquiries per client address, signed-in
// callers' inquiries per login (the same limit), and subscriptions per
// client address.
const (
	AddrKey  = "inquiry-addr:"
	LoginKey = "inquiry-login:"
	// NewsletterEmailKey counts the confirmation links mailed to an address.
	NewsletterEmailKey = "newsletter-email:"
	NewsletterKey      = "newsletter-addr:"
)

// Roles may file internal inquiries, read their PDFs and subscribe to the
// newsletter: the tracking roles (spec 3 section 6).
var Roles = trackingsearch.Roles

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// customersOf is whose inquiries the caller sees: nil (all) for internal
// roles, else the customers it acts for.
func customersOf(caller *access.Caller) []int64 {
	if trackingsearch.Internal(caller) {
		return nil
	}
	out := []int64{}
	if caller.CustomerID > 0 {
		out = append(out, caller.CustomerID)
	}
	for _, id := range caller.FulfillmentCustomers {
		if id > 0 {
			out = append(out, id)
		}
	}
	return out
}
