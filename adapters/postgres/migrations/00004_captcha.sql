-- +goose Up
-- Captcha challenges already answered: each signs one form only.
CREATE TABLE captcha_used (
    challenge  text        PRIMARY KEY,
    expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_used_expiry ON captcha_used (expires_at);

-- +goose Down
DROP TABLE captcha_used;
