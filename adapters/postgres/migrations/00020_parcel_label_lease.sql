-- +goose Up
-- A parcel's label is made while its label call waits (spec 2 section 4.5).
-- The call leases the parcel until it is done, so two calls never label one
-- parcel at once; a lease left by a process that died runs out by itself.
ALTER TABLE validated_shipment ADD COLUMN labelling_until timestamptz;

-- The parcel list's source and API-client filters of one customer, newest first.
CREATE INDEX parcel_by_customer_source ON validated_shipment (customer_id, source, created_at DESC, id DESC)
    WHERE source <> 'BATCH';

-- +goose Down
DROP INDEX parcel_by_customer_source;
ALTER TABLE validated_shipment DROP COLUMN labelling_until;
