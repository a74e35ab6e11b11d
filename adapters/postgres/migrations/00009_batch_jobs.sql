-- +goose Up
-- What the batch job runner (app/batchjob) needs to resume a job after a
-- crash without doing its work twice.

-- The status whose job has chosen its shipments (a resend resets the rows
-- its filter selects, once); '' when no job is under way. A job stopped by
-- a change of status (a send being cancelled) leaves it behind, and it no
-- longer matches.
ALTER TABLE batch ADD COLUMN job_prepared text NOT NULL DEFAULT '';

-- The highest label attempt given to the row's shipments. A shipment made
-- for the row again, after its earlier one was deleted, continues after it,
-- so a reference (b{batch}-r{position}-a{attempt}) is never used twice at
-- the carrier.
ALTER TABLE validated_shipment ADD COLUMN attempts integer NOT NULL DEFAULT 0;
UPDATE validated_shipment v SET attempts = s.attempt FROM shipment s WHERE s.validated_shipment_id = v.id;

-- +goose Down
ALTER TABLE validated_shipment DROP COLUMN attempts;
ALTER TABLE batch DROP COLUMN job_prepared;
