-- +goose Up
-- The portal's own side of signing in; identities and passwords live in Kratos.

-- Sessions between password and second factor, by a hash of the bearer.
CREATE TABLE mfa_pending (
    token_hash  bytea       PRIMARY KEY,
    identity_id uuid        NOT NULL,
    remember_me boolean     NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX mfa_pending_expiry ON mfa_pending (expires_at);

-- How long a user without a device postpones its registration.
CREATE TABLE mfa_skip (
    identity_id uuid        PRIMARY KEY,
    skip_until  timestamptz NOT NULL
);

-- Codes already used, so that none signs in twice while it is still valid.
CREATE TABLE mfa_used_code (
    identity_id uuid        NOT NULL,
    code_hash   bytea       NOT NULL,
    used_at     timestamptz NOT NULL,
    PRIMARY KEY (identity_id, code_hash)
);

-- Who did what: sign-ins, second factors, password and user changes.
CREATE TABLE audit_event (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    principal   text        NOT NULL,
    event_type  text        NOT NULL,
    occurred_at timestamptz NOT NULL,
    data        jsonb       NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_event_by_time ON audit_event (occurred_at DESC);

-- Failed sign-ins by login and by address, for throttling.
CREATE TABLE sign_in_failure (
    key       text        NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failure_by_key ON sign_in_failure (key, failed_at);

-- +goose Down
DROP TABLE sign_in_failure;
DROP TABLE audit_event;
DROP TABLE mfa_used_code;
DROP TABLE mfa_skip;
DROP TABLE mfa_pending;
