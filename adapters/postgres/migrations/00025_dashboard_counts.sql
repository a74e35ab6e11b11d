-- +goose Up
-- The dashboard's parcels per destination country (spec 3 sections 2 and 7)
-- without counting shipments: a customer with 1,000,000 shipments would
-- read them all on every dashboard. A shipment counts while it holds a live
-- label (state DONE), batch row or single parcel alike, on the day (UTC) it
-- went to the carrier, for its destination. The triggers below follow every
-- insert, delete and change of a shipment's customer, state, destination or
-- date, whoever makes it (the batch jobs, the parcel label calls, voids,
-- deletes of batches and shipments).
--
-- shipment_country_day answers the country search over a date range;
-- shipment_country_total the all-time count per country (one row a country).
CREATE TABLE shipment_country_day (
    customer_id bigint NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    country     text   NOT NULL,
    day         date   NOT NULL,
    n           bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_id, country, day)
);
CREATE TABLE shipment_country_total (
    customer_id bigint NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    country     text   NOT NULL,
    n           bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_id, country)
);

-- +goose StatementBegin
CREATE FUNCTION shipment_country_count(p_customer bigint, p_country text, p_at timestamptz, p_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO shipment_country_day AS d (customer_id, country, day, n)
    VALUES (p_customer, p_country, (p_at AT TIME ZONE 'UTC')::date, p_delta)
    ON CONFLICT (customer_id, country, day) DO UPDATE SET n = d.n + p_delta;
    INSERT INTO shipment_country_total AS t (customer_id, country, n)
    VALUES (p_customer, p_country, p_delta)
    ON CONFLICT (customer_id, country) DO UPDATE SET n = t.n + p_delta;
END
$$;

CREATE FUNCTION shipment_country_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.state = 'DONE' AND OLD.destination <> '' THEN
        -- A customer's cascading delete has already removed its counts.
        IF EXISTS (SELECT 1 FROM customer WHERE id = OLD.customer_id) THEN
            PERFORM shipment_country_count(OLD.customer_id, upper(OLD.destination),
                coalesce(OLD.submitted_at, OLD.created_at), -1);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'DONE' AND NEW.destination <> '' THEN
        PERFORM shipment_country_count(NEW.customer_id, upper(NEW.destination),
            coalesce(NEW.submitted_at, NEW.created_at), 1);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER shipment_country_insert AFTER INSERT ON shipment
    FOR EACH ROW WHEN (NEW.state = 'DONE') EXECUTE FUNCTION shipment_country_change();
CREATE TRIGGER shipment_country_delete AFTER DELETE ON shipment
    FOR EACH ROW WHEN (OLD.state = 'DONE') EXECUTE FUNCTION shipment_country_change();
CREATE TRIGGER shipment_country_update AFTER UPDATE OF customer_id, state, destination, submitted_at, created_at ON shipment
    FOR EACH ROW WHEN ((OLD.state = 'DONE' OR NEW.state = 'DONE') AND (
        OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.state IS DISTINCT FROM NEW.state
        OR OLD.destination IS DISTINCT FROM NEW.destination
        OR coalesce(OLD.submitted_at, OLD.created_at) IS DISTINCT FROM coalesce(NEW.submitted_at, NEW.created_at)))
    EXECUTE FUNCTION shipment_country_change();

-- The shipments labelled before this migration.
INSERT INTO shipment_country_day (customer_id, country, day, n)
SELECT customer_id, upper(destination), (coalesce(submitted_at, created_at) AT TIME ZONE 'UTC')::date, count(*)
FROM shipment WHERE state = 'DONE' AND destination <> '' GROUP BY 1, 2, 3;
INSERT INTO shipment_country_total (customer_id, country, n)
SELECT customer_id, country, sum(n) FROM shipment_country_day GROUP BY 1, 2;

-- +goose Down
DROP TRIGGER shipment_country_update ON shipment;
DROP TRIGGER shipment_country_delete ON shipment;
DROP TRIGGER shipment_country_insert ON shipment;
DROP FUNCTION shipment_country_change();
DROP FUNCTION shipment_country_count(bigint, text, timestamptz, bigint);
DROP TABLE shipment_country_total;
DROP TABLE shipment_country_day;
