package postgres

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/inquiries"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Inquiries keeps parcel inquiries and newsletter subscriptions.
type Inquiries struct{ Pool *pgxpool.Pool }

var _ inquiries.Store = Inquiries{}

var (
	errInquiryNotFound = &failure.Error{Kind: failure.NotFound, Key: inquiry.KeyNotFound, Entity: "parcelInquiry"}
	errNoTenant        = &failure.Error{Kind: failure.NotFound, Key: inquiry.KeyTenantNotFound, Entity: "tenant"}
	// Only the mail job reads a subscription by id; nobody is shown this.
	errSubscriptionNotFound = &failure.Error{Kind: failure.NotFound, Key: inquiry.KeyNotFound, Entity: "newsletterSubscription"}
)

// nullID is NULL for zero.
func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// Create stores the inquiry, its form as JSON, and its PDF.
func (s Inquiries) Create(ctx context.Context, in inquiry.Inquiry, pdf []byte) (inquiry.Inquiry, error) {
	in.ID, in.MailedAt = 0, time.Time{}
	form, err := json.Marshal(in)
	if err != nil {
		return inquiry.Inquiry{}, err
	}
	err = s.Pool.QueryRow(ctx, `
		INSERT INTO parcel_inquiry (tenant_id, customer_id, tracking_number, form, pdf, created_at, created_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		in.TenantID, nullID(in.CustomerID), in.TrackingNumber, form, pdf, in.CreatedAt, in.CreatedBy).Scan(&in.ID)
	return in, err
}

func scanInquiry(row pgx.Row) (inquiry.Inquiry, []byte, error) {
	var (
		in       inquiry.Inquiry
		id       int64
		form     []byte
		pdf      []byte
		deskAt   *time.Time
		mailedAt *time.Time
	)
	err := row.Scan(&id, &form, &pdf, &deskAt, &mailedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return inquiry.Inquiry{}, nil, errInquiryNotFound
	}
	if err != nil {
		return inquiry.Inquiry{}, nil, err
	}
	if err := json.Unmarshal(form, &in); err != nil {
		return inquiry.Inquiry{}, nil, err
	}
	in.ID, in.DeskMailedAt, in.MailedAt = id, timeOrZero(deskAt), timeOrZero(mailedAt)
	return in, pdf, nil
}

// Get reads an inquiry with its PDF.
func (s Inquiries) Get(ctx context.Context, id int64) (inquiry.Inquiry, []byte, error) {
	return scanInquiry(s.Pool.QueryRow(ctx, `SELECT id, form, pdf, desk_mailed_at, mailed_at FROM parcel_inquiry WHERE id = $1`, id))
}

// Latest reads the newest inquiry of a tracking number among the customers' (all for nil).
func (s Inquiries) Latest(ctx context.Context, trackingNumber string, customers []int64) (inquiry.Inquiry, []byte, error) {
	return scanInquiry(s.Pool.QueryRow(ctx, `
		SELECT id, form, pdf, desk_mailed_at, mailed_at FROM parcel_inquiry
		WHERE tracking_number = $1 AND ($2::bigint[] IS NULL OR customer_id = ANY($2))
		ORDER BY created_at DESC, id DESC LIMIT 1`, trackingNumber, customers))
}

// MarkDeskMailed sets desk_mailed_at once.
func (s Inquiries) MarkDeskMailed(ctx context.Context, id int64, at time.Time) (bool, error) {
	return s.markOnce(ctx, "parcel_inquiry", "desk_mailed_at", id, at)
}

// MarkMailed sets mailed_at once.
func (s Inquiries) MarkMailed(ctx context.Context, id int64, at time.Time) (bool, error) {
	return s.markOnce(ctx, "parcel_inquiry", "mailed_at", id, at)
}

// Unmailed lists the inquiries whose mails have not gone out, oldest first.
func (s Inquiries) Unmailed(ctx context.Context) ([]int64, error) {
	return s.unmailed(ctx, "parcel_inquiry", "true")
}

// Marks reads each tracking number's latest inquiry among the customers' (all for nil).
func (s Inquiries) Marks(ctx context.Context, trackingNumbers []string, customers []int64) (map[string]inquiry.Mark, error) {
	rows, err := s.Pool.Query(ctx, `
		SELECT DISTINCT ON (tracking_number) tracking_number, created_at, created_by FROM parcel_inquiry
		WHERE tracking_number = ANY($1) AND ($2::bigint[] IS NULL OR customer_id = ANY($2))
		ORDER BY tracking_number, created_at DESC, id DESC`, trackingNumbers, customers)
	if err != nil {
		return nil, err
	}
	out := map[string]inquiry.Mark{}
	var (
		number string
		m      inquiry.Mark
	)
	_, err = pgx.ForEachRow(rows, []any{&number, &m.CreatedAt, &m.CreatedBy}, func() error {
		out[number] = m
		return nil
	})
	return out, err
}

// Subscribe stores a subscription unless the e-mail has one with the
// tenant, and answers the new or the existing one's id.
func (s Inquiries) Subscribe(ctx context.Context, sub inquiry.Subscription) (int64, bool, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, `
		INSERT INTO newsletter_subscription (tenant_id, email, company, language, created_at, created_by)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, lower(email)) DO NOTHING RETURNING id`,
		sub.TenantID, sub.Email, sub.Company, cmp.Or(sub.Language, inquiry.DefaultLanguage), sub.CreatedAt, sub.CreatedBy).Scan(&id)
	if !errors.Is(err, pgx.ErrNoRows) {
		return id, err == nil, err
	}
	err = s.Pool.QueryRow(ctx, `SELECT id FROM newsletter_subscription WHERE tenant_id = $1 AND lower(email) = lower($2)`,
		sub.TenantID, sub.Email).Scan(&id)
	return id, false, err
}

// AskConfirmationAgain clears an unconfirmed subscription's link mark.
func (s Inquiries) AskConfirmationAgain(ctx context.Context, id int64, language string) (bool, error) {
	tag, err := s.Pool.Exec(ctx, `
		UPDATE newsletter_subscription SET confirmation_mailed_at = NULL, language = $2
		WHERE id = $1 AND confirmed_at IS NULL`, id, cmp.Or(language, inquiry.DefaultLanguage))
	return tag.RowsAffected() == 1, err
}

// SetConfirmationToken keeps the token's hash and expiry.
func (s Inquiries) SetConfirmationToken(ctx context.Context, id int64, hash [32]byte, expires time.Time) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE newsletter_subscription SET token_hash = $2, token_expires_at = $3 WHERE id = $1`,
		id, hash[:], expires)
	if err == nil && tag.RowsAffected() == 0 {
		return errSubscriptionNotFound
	}
	return err
}

// Confirm confirms the subscription of an unexpired token once.
func (s Inquiries) Confirm(ctx context.Context, hash [32]byte, now time.Time) (int64, bool, error) {
	var (
		id    int64
		newly bool
	)
	err := s.Pool.QueryRow(ctx, `
		WITH old AS (
			SELECT id, confirmed_at FROM newsletter_subscription
			WHERE token_hash = $1 AND token_expires_at > $2 FOR UPDATE)
		UPDATE newsletter_subscription n SET confirmed_at = coalesce(old.confirmed_at, $2)
		FROM old WHERE n.id = old.id
		RETURNING n.id, old.confirmed_at IS NULL`, hash[:], now).Scan(&id, &newly)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, failure.New(failure.NotFound, inquiry.KeyInvalidLink)
	}
	return id, newly, err
}

// GetSubscription reads a subscription.
func (s Inquiries) GetSubscription(ctx context.Context, id int64) (inquiry.Subscription, error) {
	var (
		sub                                 inquiry.Subscription
		linkMailedAt, confirmedAt, mailedAt *time.Time
	)
	err := s.Pool.QueryRow(ctx, `
		SELECT id, tenant_id, email, company, language, created_at, created_by, confirmation_mailed_at, confirmed_at, mailed_at
		FROM newsletter_subscription WHERE id = $1`, id).
		Scan(&sub.ID, &sub.TenantID, &sub.Email, &sub.Company, &sub.Language, &sub.CreatedAt, &sub.CreatedBy, &linkMailedAt, &confirmedAt, &mailedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return inquiry.Subscription{}, errSubscriptionNotFound
	}
	sub.ConfirmationMailedAt, sub.ConfirmedAt, sub.MailedAt = timeOrZero(linkMailedAt), timeOrZero(confirmedAt), timeOrZero(mailedAt)
	return sub, err
}

// MarkConfirmationMailed sets confirmation_mailed_at once.
func (s Inquiries) MarkConfirmationMailed(ctx context.Context, id int64, at time.Time) (bool, error) {
	return s.markOnce(ctx, "newsletter_subscription", "confirmation_mailed_at", id, at)
}

// MarkSubscriptionMailed sets mailed_at once.
func (s Inquiries) MarkSubscriptionMailed(ctx context.Context, id int64, at time.Time) (bool, error) {
	return s.markOnce(ctx, "newsletter_subscription", "mailed_at", id, at)
}

// UnmailedSubscriptions lists the subscriptions with a mail to send (the
// link's, or marketing's notice once confirmed), oldest first.
func (s Inquiries) UnmailedSubscriptions(ctx context.Context) ([]int64, error) {
	return s.unmailed(ctx, "newsletter_subscription", "(confirmation_mailed_at IS NULL OR confirmed_at IS NOT NULL)")
}

// markOnce sets a mail's time column of a row of table (parcel_inquiry or
// newsletter_subscription; both named here, never by a caller's input)
// once; true when this call set it.
func (s Inquiries) markOnce(ctx context.Context, table, column string, id int64, at time.Time) (bool, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE `+table+` SET `+column+` = $2 WHERE id = $1 AND `+column+` IS NULL`, id, at)
	return tag.RowsAffected() == 1, err
}

// unmailed lists the rows of table whose mails have not gone out and that
// match also (a condition written here, never a caller's input), oldest
// first, 1000 at a time.
func (s Inquiries) unmailed(ctx context.Context, table, also string) ([]int64, error) {
	rows, err := s.Pool.Query(ctx, `SELECT id FROM `+table+` WHERE mailed_at IS NULL AND `+also+` ORDER BY id LIMIT 1000`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// TenantOf is the tenant of the customer's hub, else the first tenant.
func (s Inquiries) TenantOf(ctx context.Context, customerID int64) (int64, error) {
	return tenantOf(ctx, s.Pool, customerID)
}

// tenantOf is the portal's one reading of "the caller's tenant": the tenant
// of the customer's hub, else the first tenant (the newsletter, the parcel
// inquiry and the legal pages read it alike). No tenant at all is NotFound.
func tenantOf(ctx context.Context, q querier, customerID int64) (int64, error) {
	var id *int64
	err := q.QueryRow(ctx, `
		SELECT coalesce(
			(SELECT h.tenant_id FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.id = $1),
			(SELECT min(id) FROM tenant))`, customerID).Scan(&id)
	if err != nil {
		return 0, err
	}
	if id == nil {
		return 0, errNoTenant
	}
	return *id, nil
}

// timeOrZero reads a nullable timestamp; zero for NULL.
func timeOrZero(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
