-- +goose Up
-- Single parcels (spec 2 sections 2.3 and 4.5). A parcel is a shipment
-- entered alone: a validated_shipment row with no batch (its fields, as the
-- form sent them, validated), whose label attempts are shipment rows with no
-- batch, exactly as a batch row's are. Reports, tracking and manifests read
-- one kind of shipment, whichever way it was made.
--
-- A manifest of selected parcels (or an automatic one) gathers them into a
-- batch named 'Single Parcels' (spec 2 section 2.1) and manifests that batch
-- with the batch machinery; from then on the parcel's batch_id names it, and
-- the parcel list's state links to /batch/{batch_id}.

ALTER TABLE validated_shipment ALTER COLUMN batch_id DROP NOT NULL;
-- The customer the row ships for; a batch row's is its batch's.
ALTER TABLE validated_shipment ADD COLUMN customer_id bigint REFERENCES customer (id) ON DELETE RESTRICT;
UPDATE validated_shipment v SET customer_id = b.customer_id FROM batch b WHERE b.id = v.batch_id;
ALTER TABLE validated_shipment ALTER COLUMN customer_id SET NOT NULL;
-- BATCH (a CSV row), INDIVIDUAL_PARCEL (the portal's form) or API_PARCEL
-- (an integrator's ROLE_API login).
ALTER TABLE validated_shipment ADD COLUMN source text NOT NULL DEFAULT 'BATCH';
-- The parcel's row key in lists and reports (spec 2: parcel uuid).
ALTER TABLE validated_shipment ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE;
-- A parcel's own label type and API client (a batch row's are its batch's).
ALTER TABLE validated_shipment ADD COLUMN label_type text NOT NULL DEFAULT '';
ALTER TABLE validated_shipment ADD COLUMN api_client text NOT NULL DEFAULT '';
ALTER TABLE validated_shipment ADD COLUMN created_by text NOT NULL DEFAULT '';
ALTER TABLE validated_shipment ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE validated_shipment ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The parcel list: one customer's parcels, newest first, manifested or not.
CREATE INDEX parcel_by_customer ON validated_shipment (customer_id, created_at DESC, id DESC)
    WHERE source <> 'BATCH';
CREATE INDEX parcel_unmanifested_by_customer ON validated_shipment (customer_id, created_at DESC, id DESC)
    WHERE source <> 'BATCH' AND batch_id IS NULL;

-- A parcel's label attempts have no batch until a manifest gathers them.
ALTER TABLE shipment ALTER COLUMN batch_id DROP NOT NULL;

-- +goose Down
ALTER TABLE shipment ALTER COLUMN batch_id SET NOT NULL;
DROP INDEX parcel_unmanifested_by_customer;
DROP INDEX parcel_by_customer;
ALTER TABLE validated_shipment DROP COLUMN updated_at, DROP COLUMN created_at, DROP COLUMN created_by,
    DROP COLUMN api_client, DROP COLUMN label_type, DROP COLUMN uuid, DROP COLUMN source, DROP COLUMN customer_id;
ALTER TABLE validated_shipment ALTER COLUMN batch_id SET NOT NULL;
