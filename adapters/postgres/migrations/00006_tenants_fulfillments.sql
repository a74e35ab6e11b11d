-- +goose Up
-- Tenants with their contact e-mails, address and carrier API logins (sealed
-- with AES-GCM by the portal, never stored in clear); hubs with e-mail and a
-- second address line; fulfillments with a CRM id; a customer belongs to at
-- most one fulfillment.

ALTER TABLE tenant
    ADD COLUMN subsidiary               text   NOT NULL DEFAULT '',
    ADD COLUMN service_email            text   NOT NULL DEFAULT '',
    ADD COLUMN manifest_success_email   text   NOT NULL DEFAULT '',
    ADD COLUMN manifest_failure_email   text   NOT NULL DEFAULT '',
    ADD COLUMN self_registration_emails text[] NOT NULL DEFAULT '{}',
    ADD COLUMN marketing_emails         text[] NOT NULL DEFAULT '{}',
    ADD COLUMN street                   text   NOT NULL DEFAULT '',
    ADD COLUMN additional_address       text   NOT NULL DEFAULT '',
    ADD COLUMN zip_code                 text   NOT NULL DEFAULT '',
    ADD COLUMN city                     text   NOT NULL DEFAULT '',
    ADD COLUMN a1_username              text   NOT NULL DEFAULT '',
    ADD COLUMN a1_password              bytea,
    ADD COLUMN a1_api_key               bytea,
    ADD COLUMN grp_username             text   NOT NULL DEFAULT '',
    ADD COLUMN grp_password             bytea;

ALTER TABLE hub
    ADD COLUMN email_address      text NOT NULL DEFAULT '',
    ADD COLUMN additional_address text NOT NULL DEFAULT '';

ALTER TABLE fulfillment
    ADD COLUMN crmid text NOT NULL DEFAULT '';

DROP INDEX fulfillment_customer_by_customer;
CREATE UNIQUE INDEX fulfillment_customer_one_per_customer ON fulfillment_customer (customer_id);

-- +goose Down
DROP INDEX fulfillment_customer_one_per_customer;
CREATE INDEX fulfillment_customer_by_customer ON fulfillment_customer (customer_id);
ALTER TABLE fulfillment DROP COLUMN crmid;
ALTER TABLE hub DROP COLUMN email_address, DROP COLUMN additional_address;
ALTER TABLE tenant
    DROP COLUMN subsidiary, DROP COLUMN service_email, DROP COLUMN manifest_success_email,
    DROP COLUMN manifest_failure_email, DROP COLUMN self_registration_emails, DROP COLUMN marketing_emails,
    DROP COLUMN street, DROP COLUMN additional_address, DROP COLUMN zip_code, DROP COLUMN city,
    DROP COLUMN a1_username, DROP COLUMN a1_password, DROP COLUMN a1_api_key,
    DROP COLUMN grp_username, DROP COLUMN grp_password;
