-- +goose Up
-- The batch list (spec 2 section 3.1) shows each batch's shipment counts,
-- and every user polls it every 30 s. Counting them on every read (a lateral
-- join over the batch's shipments) costs in proportion to the shipments: ten
-- batches of 2000 shipments made each read count 20,000 rows. The counts are
-- kept here instead, as every statement that inserts, deletes or changes a
-- shipment moves them (statement triggers below: one upsert per batch and
-- statement, so a job's insert of 2000 shipments moves them once), whoever
-- runs it: the job runner, a manifest gathering parcels, a batch deleted.
--
-- A shipment counts in its batch as the lateral join counted it:
--   labelled      label IS NOT NULL and not CANCELLED
--   customs_docs  customs_doc IS NOT NULL and not CANCELLED
--   errors        NOT success and error_message <> ''
--   open          state PENDING or SUBMITTING
-- Rows edited after labelling (validated_shipment.changed) are counted on
-- read through the partial index below, which holds only those rows.
CREATE TABLE batch_shipment_count (
    batch_id     bigint PRIMARY KEY REFERENCES batch (id) ON DELETE CASCADE,
    shipments    bigint NOT NULL DEFAULT 0,
    labelled     bigint NOT NULL DEFAULT 0,
    customs_docs bigint NOT NULL DEFAULT 0,
    errors       bigint NOT NULL DEFAULT 0,
    open         bigint NOT NULL DEFAULT 0
);
INSERT INTO batch_shipment_count (batch_id, shipments, labelled, customs_docs, errors, open)
SELECT batch_id, count(*),
    count(*) FILTER (WHERE label IS NOT NULL AND state <> 'CANCELLED'),
    count(*) FILTER (WHERE customs_doc IS NOT NULL AND state <> 'CANCELLED'),
    count(*) FILTER (WHERE NOT success AND error_message <> ''),
    count(*) FILTER (WHERE state IN ('PENDING', 'SUBMITTING'))
FROM shipment WHERE batch_id IS NOT NULL GROUP BY batch_id;

CREATE INDEX validated_shipment_changed ON validated_shipment (batch_id) WHERE changed;

-- +goose StatementBegin
CREATE FUNCTION batch_shipment_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    -- A trigger has only its event's transition tables: new_rows for an
    -- insert, old_rows for a delete, both for an update.
    moved text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
        WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
        ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows' END;
BEGIN
    -- Each row adds itself to its batch's counts as it is after the
    -- statement and takes itself away as it was before. Batches whose counts
    -- did not move are not written; the others in id order, so that two
    -- statements never wait for each other in a circle.
    EXECUTE format($q$
        INSERT INTO batch_shipment_count AS c (batch_id, shipments, labelled, customs_docs, errors, open)
        SELECT batch_id, sum(sign), sum(sign * labelled), sum(sign * customs_docs), sum(sign * errors), sum(sign * open)
        FROM (SELECT d.batch_id, d.sign,
                (d.label IS NOT NULL AND d.state <> 'CANCELLED')::int AS labelled,
                (d.customs_doc IS NOT NULL AND d.state <> 'CANCELLED')::int AS customs_docs,
                (NOT d.success AND d.error_message <> '')::int AS errors,
                (d.state IN ('PENDING', 'SUBMITTING'))::int AS open
            FROM (%s) d WHERE d.batch_id IS NOT NULL) r
        GROUP BY batch_id
        HAVING (sum(sign) <> 0 OR sum(sign * labelled) <> 0 OR sum(sign * customs_docs) <> 0
                OR sum(sign * errors) <> 0 OR sum(sign * open) <> 0)
            -- A batch deleted in this transaction has no counts to keep.
            AND EXISTS (SELECT 1 FROM batch b WHERE b.id = r.batch_id)
        ORDER BY batch_id
        ON CONFLICT (batch_id) DO UPDATE SET
            shipments = c.shipments + excluded.shipments, labelled = c.labelled + excluded.labelled,
            customs_docs = c.customs_docs + excluded.customs_docs, errors = c.errors + excluded.errors,
            open = c.open + excluded.open$q$, moved);
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- A trigger with transition tables serves one event.
CREATE TRIGGER batch_shipment_count_insert AFTER INSERT ON shipment
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION batch_shipment_count_change();
CREATE TRIGGER batch_shipment_count_delete AFTER DELETE ON shipment
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION batch_shipment_count_change();
CREATE TRIGGER batch_shipment_count_update AFTER UPDATE ON shipment
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION batch_shipment_count_change();

-- +goose Down
DROP TRIGGER batch_shipment_count_update ON shipment;
DROP TRIGGER batch_shipment_count_delete ON shipment;
DROP TRIGGER batch_shipment_count_insert ON shipment;
DROP FUNCTION batch_shipment_count_change();
DROP INDEX validated_shipment_changed;
DROP TABLE batch_shipment_count;
