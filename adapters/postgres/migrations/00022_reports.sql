-- +goose Up
-- The shipment report (spec 2 sections 2.4 and 3): every shipment, whichever
-- way it was made, searched by customer and date, newest first. A row's
-- report date is when it went to the carrier, or when it was made while it
-- waits; cancelled shipments are not reported.
--
-- The first page of one customer's last week reads the head of
-- shipment_report_by_customer and stops after a page; staff searching every
-- customer read shipment_report_by_date.
CREATE INDEX shipment_report_by_customer ON shipment (customer_id, (coalesce(submitted_at, created_at)) DESC, id DESC)
    WHERE state <> 'CANCELLED';
CREATE INDEX shipment_report_by_date ON shipment ((coalesce(submitted_at, created_at)) DESC, id DESC)
    WHERE state <> 'CANCELLED';
-- The planner knows how many rows a date range holds only from statistics
-- on the expression itself (those of a partial index are not used): without
-- them it guesses a few dozen rows where a week holds thousands, and sorts
-- them all instead of reading the index in order and stopping after a page.
CREATE STATISTICS shipment_report_date ON (coalesce(submitted_at, created_at)) FROM shipment;
-- Tracking and order numbers are looked up exactly.
CREATE INDEX shipment_report_by_identifier ON shipment (identifier) WHERE identifier <> '';
CREATE INDEX shipment_report_by_reference ON shipment (reference_number) WHERE reference_number <> '';
-- Recipient names are searched by any part of the name (ILIKE '%...%').
-- The extension lives in public, shared by every schema of the database (the
-- tests migrate a schema each, side by side: the lock keeps two of them from
-- creating it at once), so its operator class is named with it.
-- +goose StatementBegin
DO $$
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('create extension pg_trgm'));
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
END
$$;
-- +goose StatementEnd
CREATE INDEX shipment_report_by_receiver ON shipment USING gin (receiver_name public.gin_trgm_ops);

-- +goose Down
DROP STATISTICS shipment_report_date;
DROP INDEX shipment_report_by_receiver;
DROP INDEX shipment_report_by_reference;
DROP INDEX shipment_report_by_identifier;
DROP INDEX shipment_report_by_date;
DROP INDEX shipment_report_by_customer;
