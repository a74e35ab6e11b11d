-- +goose Up
-- Manifests of selected parcels and automatic manifests (spec 2 sections
-- 2.7, 4.7 and 7, POST web/api/manifests).
--
-- A manifest of parcels is a batch named 'Single Parcels' gathering them
-- (migration 00015): its hub and manifest type say which manifest it is,
-- one per hub and type of the customer's manifesting rules.
ALTER TABLE batch ADD COLUMN manifest_type text NOT NULL DEFAULT '';
ALTER TABLE batch ADD COLUMN hub_id bigint REFERENCES hub (id) ON DELETE RESTRICT;

-- When the customer's auto-manifest schedule last changed: a slot before it
-- is never run, so a new schedule does not manifest a slot of the past.
ALTER TABLE customer ADD COLUMN auto_manifest_since timestamptz NOT NULL DEFAULT now();

-- +goose StatementBegin
CREATE FUNCTION auto_manifest_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.auto_manifest_active IS DISTINCT FROM OLD.auto_manifest_active
       OR NEW.auto_manifest_time IS DISTINCT FROM OLD.auto_manifest_time
       OR NEW.auto_manifest_days IS DISTINCT FROM OLD.auto_manifest_days THEN
        NEW.auto_manifest_since := now();
    END IF;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER customer_auto_manifest_since BEFORE UPDATE ON customer
    FOR EACH ROW EXECUTE FUNCTION auto_manifest_since();

-- One row per customer and slot of its schedule: whoever inserts it runs
-- the slot, in the same transaction that gathers the parcels and starts the
-- batches' manifests, so two processes, a retried task or a restart can
-- neither run a slot twice nor lose it. batch_ids are the manifests it
-- started. Their outcome is mailed to the tenant's address (staff) and to
-- the customer's manifest e-mails, each marked in the transaction that
-- sent it; a mail the relay refuses is tried again after mail_after, up to
-- a few attempts; mailed_at closes the slot (all sent, or given up).
CREATE TABLE auto_manifest_run (
    customer_id        bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    slot_at            timestamptz NOT NULL,
    claimed_at         timestamptz NOT NULL DEFAULT now(),
    batch_ids          bigint[]    NOT NULL DEFAULT '{}',
    staff_mailed_at    timestamptz,
    customer_mailed_at timestamptz,
    mail_attempts      integer     NOT NULL DEFAULT 0,
    mail_error         text        NOT NULL DEFAULT '',
    mail_after         timestamptz NOT NULL DEFAULT '-infinity',
    mailed_at          timestamptz,
    PRIMARY KEY (customer_id, slot_at)
);
CREATE INDEX auto_manifest_run_unmailed ON auto_manifest_run (claimed_at) WHERE mailed_at IS NULL;

-- +goose Down
DROP TABLE auto_manifest_run;
DROP TRIGGER customer_auto_manifest_since ON customer;
DROP FUNCTION auto_manifest_since();
ALTER TABLE customer DROP COLUMN auto_manifest_since;
ALTER TABLE batch DROP COLUMN hub_id, DROP COLUMN manifest_type;
