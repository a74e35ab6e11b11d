-- +goose Up
-- A newsletter subscription counts only once the address's owner used the
-- link mailed to it (issue 22: a signed-in user subscribed third parties).
-- The link's token is stored hashed with its expiry; language is the
-- subscriber's, for the link's mail. Rows whose confirmation went out
-- before were told they were subscribed: they stay so.
ALTER TABLE newsletter_subscription
    ADD COLUMN language text NOT NULL DEFAULT 'en',
    ADD COLUMN confirmed_at timestamptz,
    ADD COLUMN token_hash bytea,
    ADD COLUMN token_expires_at timestamptz;
UPDATE newsletter_subscription SET confirmed_at = confirmation_mailed_at WHERE confirmation_mailed_at IS NOT NULL;
CREATE UNIQUE INDEX newsletter_subscription_token ON newsletter_subscription (token_hash) WHERE token_hash IS NOT NULL;

-- +goose Down
DROP INDEX newsletter_subscription_token;
ALTER TABLE newsletter_subscription
    DROP COLUMN token_expires_at,
    DROP COLUMN token_hash,
    DROP COLUMN confirmed_at,
    DROP COLUMN language;
