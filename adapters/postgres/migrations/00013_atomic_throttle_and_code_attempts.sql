-- +goose Up
-- Guesses are counted before they are checked, in one statement per
-- attempt (an UPSERT that returns the count), instead of a check and a
-- later insert that parallel guesses could slip between. A key is an
-- identity or an address; its window starts with its first attempt.
CREATE TABLE throttle_attempt (
    key          text        PRIMARY KEY,
    window_start timestamptz NOT NULL,
    attempts     integer     NOT NULL
);
CREATE INDEX throttle_attempt_by_window ON throttle_attempt (window_start);
DROP TABLE sign_in_failure;

-- Second-factor codes tried by a pending sign-in; past the limit the
-- sign-in ends and the password must be entered again.
ALTER TABLE mfa_pending ADD COLUMN attempts integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE mfa_pending DROP COLUMN attempts;
CREATE TABLE sign_in_failure (
    key       text        NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failure_by_key ON sign_in_failure (key, failed_at);
DROP TABLE throttle_attempt;
