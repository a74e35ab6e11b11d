-- +goose Up
-- The five legal pages of the footer (issue 25): staff publish each per
-- tenant and locale as plain text; a visitor reads their tenant's page in
-- their language. Deleting a tenant deletes its pages.
CREATE TABLE legal_page (
    tenant_id  bigint      NOT NULL REFERENCES tenant ON DELETE CASCADE,
    kind       text        NOT NULL CHECK (kind IN ('IMPRINT', 'LEGAL_NOTICE', 'PRIVACY', 'TERMS', 'FRAUD_PROTECTION')),
    locale     text        NOT NULL CHECK (locale IN ('de', 'en', 'es', 'it', 'nl')),
    body       text        NOT NULL CHECK (char_length(body) BETWEEN 1 AND 100000),
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by text        NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, kind, locale)
);

-- +goose Down
DROP TABLE legal_page;
