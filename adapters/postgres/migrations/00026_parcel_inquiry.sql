-- +goose Up
-- Parcel inquiries (spec 3 sections 3 to 5): what a customer or an
-- anonymous visitor filed about a lost, disputed or damaged parcel. The form
-- is kept as JSON (it is only ever read whole: the PDF, the mails), the
-- rendered PDF beside it; the mails go out by a job, which sets mailed_at,
-- so an inquiry filed while the mail relay is away is mailed later. The
-- tracking grid reads the latest inquiry of a tracking number.
CREATE TABLE parcel_inquiry (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id       bigint      NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
    -- The customer whose user filed it; NULL for anonymous visitors and staff.
    customer_id     bigint      REFERENCES customer (id) ON DELETE SET NULL,
    tracking_number text        NOT NULL CHECK (tracking_number <> '' AND char_length(tracking_number) <= 100),
    form            jsonb       NOT NULL,
    pdf             bytea       NOT NULL,
    created_at      timestamptz NOT NULL,
    -- The login that filed it; empty for an anonymous visitor.
    created_by      text        NOT NULL DEFAULT '',
    mailed_at       timestamptz
);
CREATE INDEX parcel_inquiry_by_tracking ON parcel_inquiry (tracking_number, created_at DESC, id DESC);

-- Newsletter subscriptions: one per e-mail (case-insensitive) and tenant.
CREATE TABLE newsletter_subscription (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id  bigint      NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
    email      text        NOT NULL CHECK (char_length(email) BETWEEN 5 AND 254),
    company    text        NOT NULL CHECK (char_length(company) BETWEEN 2 AND 200),
    created_at timestamptz NOT NULL,
    created_by text        NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX newsletter_subscription_once ON newsletter_subscription (tenant_id, lower(email));

-- +goose Down
DROP TABLE newsletter_subscription;
DROP TABLE parcel_inquiry;
