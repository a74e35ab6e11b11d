-- +goose Up
-- The customer as the administration screens keep it (spec 3 section 3):
-- address, tax ids, configuration, consents, auto-manifest schedule and
-- credentials. Secrets are stored only sealed (AES-GCM) in credentials_sealed;
-- lists of structured values are JSON.

ALTER TABLE customer
    ADD COLUMN street                    text    NOT NULL DEFAULT '',
    ADD COLUMN additional_address        text    NOT NULL DEFAULT '',
    ADD COLUMN zip_code                  text    NOT NULL DEFAULT '',
    ADD COLUMN city                      text    NOT NULL DEFAULT '',
    ADD COLUMN region                    text    NOT NULL DEFAULT '',
    ADD COLUMN country_code              text    NOT NULL DEFAULT '',
    ADD COLUMN phone                     text    NOT NULL DEFAULT '',
    ADD COLUMN api_username              text    NOT NULL DEFAULT '',
    ADD COLUMN sender_tax_id             text    NOT NULL DEFAULT '',
    ADD COLUMN tax_number                text    NOT NULL DEFAULT '',
    ADD COLUMN should_increase_reference boolean NOT NULL DEFAULT false,
    ADD COLUMN manifest_type             text    NOT NULL DEFAULT '',
    ADD COLUMN manifesting_rules         jsonb   NOT NULL DEFAULT '[]',
    -- The acss table comes with the acss files; until then a plain id.
    ADD COLUMN acss_id                   bigint,
    ADD COLUMN ci_chargeable             boolean NOT NULL DEFAULT false,
    ADD COLUMN gtc_accepted              boolean NOT NULL DEFAULT false,
    ADD COLUMN gtc_accepted_at           timestamptz,
    ADD COLUMN gtc_accepted_by           text    NOT NULL DEFAULT '',
    ADD COLUMN ci_pricing_accepted       boolean NOT NULL DEFAULT false,
    ADD COLUMN ci_pricing_accepted_at    timestamptz,
    ADD COLUMN ci_pricing_accepted_by    text    NOT NULL DEFAULT '',
    ADD COLUMN available_features        jsonb   NOT NULL DEFAULT '[]',
    ADD COLUMN seller_eori               text    NOT NULL DEFAULT '',
    ADD COLUMN eori_country_thresholds   jsonb   NOT NULL DEFAULT '[]',
    ADD COLUMN manifest_emails           text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN auto_manifest_active      boolean NOT NULL DEFAULT false,
    ADD COLUMN auto_manifest_time        text    NOT NULL DEFAULT '' CHECK (auto_manifest_time = '' OR auto_manifest_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    ADD COLUMN auto_manifest_days        text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN fulltrack_version         text    NOT NULL DEFAULT '' CHECK (fulltrack_version IN ('', 'V1', 'V3')),
    ADD COLUMN grp_enabled               boolean NOT NULL DEFAULT false,
    ADD COLUMN tracking_username         text    NOT NULL DEFAULT '',
    ADD COLUMN currency                  char(3) NOT NULL DEFAULT 'EUR',
    ADD COLUMN cognito_client_id         text    NOT NULL DEFAULT '',
    ADD COLUMN a1_username               text    NOT NULL DEFAULT '',
    ADD COLUMN a1_processing_point       text    NOT NULL DEFAULT '',
    ADD COLUMN grp_api_username          text    NOT NULL DEFAULT '',
    ADD COLUMN credentials_sealed        bytea,
    ADD CONSTRAINT customer_auto_manifest_complete CHECK (
        NOT auto_manifest_active OR (auto_manifest_time <> '' AND cardinality(auto_manifest_days) > 0));

CREATE INDEX customer_name_lower ON customer (lower(name));

-- +goose Down
DROP INDEX customer_name_lower;
ALTER TABLE customer
    DROP CONSTRAINT customer_auto_manifest_complete,
    DROP COLUMN street, DROP COLUMN additional_address, DROP COLUMN zip_code, DROP COLUMN city,
    DROP COLUMN region, DROP COLUMN country_code, DROP COLUMN phone, DROP COLUMN api_username,
    DROP COLUMN sender_tax_id, DROP COLUMN tax_number, DROP COLUMN should_increase_reference,
    DROP COLUMN manifest_type, DROP COLUMN manifesting_rules, DROP COLUMN acss_id, DROP COLUMN ci_chargeable,
    DROP COLUMN gtc_accepted, DROP COLUMN gtc_accepted_at, DROP COLUMN gtc_accepted_by,
    DROP COLUMN ci_pricing_accepted, DROP COLUMN ci_pricing_accepted_at, DROP COLUMN ci_pricing_accepted_by,
    DROP COLUMN available_features, DROP COLUMN seller_eori, DROP COLUMN eori_country_thresholds,
    DROP COLUMN manifest_emails, DROP COLUMN auto_manifest_active, DROP COLUMN auto_manifest_time,
    DROP COLUMN auto_manifest_days, DROP COLUMN fulltrack_version, DROP COLUMN grp_enabled,
    DROP COLUMN tracking_username, DROP COLUMN currency, DROP COLUMN cognito_client_id,
    DROP COLUMN a1_username, DROP COLUMN a1_processing_point, DROP COLUMN grp_api_username,
    DROP COLUMN credentials_sealed;
