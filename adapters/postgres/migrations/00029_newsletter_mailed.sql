-- +goose Up
-- A newsletter subscription's mails (the confirmation, the notice to the
-- tenant's marketing addresses) go out by a job, as a parcel inquiry's do,
-- which sets mailed_at: a subscription stored while the mail relay is away
-- is mailed later. Before, they were sent in the request, so the rows here
-- were mailed then (or never will be: mark them, not mail them now).
ALTER TABLE newsletter_subscription ADD COLUMN mailed_at timestamptz;
UPDATE newsletter_subscription SET mailed_at = created_at;
-- The worker looks for what is not mailed yet every sweep (15 s): only
-- those rows are indexed.
CREATE INDEX newsletter_subscription_unmailed ON newsletter_subscription (id) WHERE mailed_at IS NULL;
CREATE INDEX parcel_inquiry_unmailed ON parcel_inquiry (id) WHERE mailed_at IS NULL;

-- +goose Down
DROP INDEX parcel_inquiry_unmailed;
DROP INDEX newsletter_subscription_unmailed;
ALTER TABLE newsletter_subscription DROP COLUMN mailed_at;
