-- +goose Up
-- A parcel's label is made while its label call waits (spec 2 section 4.5).
-- The call leases the parcel until it is done, so two calls never label one
-- parcel at once; a lease left by a process that died runs out by itself.
ALTER TABLE validated_shipment ADD COLUMN labelling_until timestamptz;

-- The parcel list's total (spec 2 section 2.3) without counting rows: a
-- customer with 100,000 parcels would count tens of thousands of index
-- entries on every page. The counts follow every insert, delete and change
-- of a parcel's customer, source, API client or manifest batch (triggers
-- below), whoever makes it: the parcel use cases or a manifest of parcels.
CREATE TABLE parcel_count (
    customer_id bigint  NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    source      text    NOT NULL,
    api_client  text    NOT NULL,
    manifested  boolean NOT NULL,
    n           bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_id, source, api_client, manifested)
);
INSERT INTO parcel_count (customer_id, source, api_client, manifested, n)
SELECT customer_id, source, api_client, batch_id IS NOT NULL, count(*)
FROM validated_shipment WHERE source <> 'BATCH' GROUP BY 1, 2, 3, 4;

-- +goose StatementBegin
CREATE FUNCTION parcel_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.source <> 'BATCH' THEN
        UPDATE parcel_count SET n = n - 1
        WHERE customer_id = OLD.customer_id AND source = OLD.source AND api_client = OLD.api_client
            AND manifested = (OLD.batch_id IS NOT NULL);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.source <> 'BATCH' THEN
        INSERT INTO parcel_count AS c (customer_id, source, api_client, manifested, n)
        VALUES (NEW.customer_id, NEW.source, NEW.api_client, NEW.batch_id IS NOT NULL, 1)
        ON CONFLICT (customer_id, source, api_client, manifested) DO UPDATE SET n = c.n + 1;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- Batch rows (CSV uploads of 2000 rows) never reach the function.
CREATE TRIGGER parcel_count_insert AFTER INSERT ON validated_shipment
    FOR EACH ROW WHEN (NEW.source <> 'BATCH') EXECUTE FUNCTION parcel_count_change();
CREATE TRIGGER parcel_count_delete AFTER DELETE ON validated_shipment
    FOR EACH ROW WHEN (OLD.source <> 'BATCH') EXECUTE FUNCTION parcel_count_change();
CREATE TRIGGER parcel_count_update AFTER UPDATE OF customer_id, source, api_client, batch_id ON validated_shipment
    FOR EACH ROW WHEN ((OLD.source <> 'BATCH' OR NEW.source <> 'BATCH') AND (
        OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.source IS DISTINCT FROM NEW.source
        OR OLD.api_client IS DISTINCT FROM NEW.api_client OR (OLD.batch_id IS NULL) <> (NEW.batch_id IS NULL)))
    EXECUTE FUNCTION parcel_count_change();

-- +goose Down
DROP TRIGGER parcel_count_update ON validated_shipment;
DROP TRIGGER parcel_count_delete ON validated_shipment;
DROP TRIGGER parcel_count_insert ON validated_shipment;
DROP FUNCTION parcel_count_change();
DROP TABLE parcel_count;
ALTER TABLE validated_shipment DROP COLUMN labelling_until;
