-- +goose Up
-- Admins are marked "(ADMIN)" beside user names (spec 2 section 6): a batch
-- records whether its uploader and its last sender were admins when they
-- acted, since a login's roles may change later.
ALTER TABLE batch ADD COLUMN created_by_admin boolean NOT NULL DEFAULT false;
ALTER TABLE batch ADD COLUMN sent_by_admin boolean NOT NULL DEFAULT false;

-- Error messages are message keys; these are the values they name (for a
-- carrier's refusal: the field and its value, or the carrier's code and
-- text), so the webapp can show them in the user's language.
ALTER TABLE batch ADD COLUMN error_params jsonb NOT NULL DEFAULT '{}';
ALTER TABLE shipment ADD COLUMN error_params jsonb NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE shipment DROP COLUMN error_params;
ALTER TABLE batch DROP COLUMN error_params;
ALTER TABLE batch DROP COLUMN sent_by_admin;
ALTER TABLE batch DROP COLUMN created_by_admin;
