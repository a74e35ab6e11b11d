-- +goose Up
-- The webhooks' label.cancelled and tracking.event (issue 27).
--
-- A label cancelled at the carrier is written here in the same transaction
-- as the change that records it (a shipment CANCELLED, a shipment deleted
-- after its label was voided, an earlier label a resend replaced), whether
-- or not anybody subscribes: the shipment row may be gone a moment later,
-- so this is the outbox of the event. The webhook sweep takes the rows
-- (deleting them) and records the events for the endpoints that existed
-- when the label was cancelled. No foreign key to the shipment or its
-- batch: they may be deleted before the sweep runs.
CREATE TABLE label_cancellation (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shipment_id bigint      NOT NULL,
    customer_id bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    batch_id    bigint,
    -- The single parcel (its validated_shipment id) whose label it was.
    parcel_id   bigint,
    reference   text        NOT NULL,
    identifier  text        NOT NULL CHECK (identifier <> ''),
    -- cancelled (by a cancel or a delete), replaced (by a resend).
    reason      text        NOT NULL CHECK (reason IN ('cancelled', 'replaced')),
    at          timestamptz NOT NULL,
    -- One label is cancelled once: a job run again writes nothing twice.
    UNIQUE (shipment_id, identifier)
);

-- The labels whose tracking the webhook poll follows: only those of
-- customers with an enabled endpoint subscribed to tracking.event, labelled
-- in the poll's window, until done (delivered, its label cancelled or
-- replaced, or an untracked product whose label events were taken). seen
-- are the keys of the events already taken (code and time), checked_at
-- when the poll last asked.
CREATE TABLE tracking_watch (
    shipment_id  bigint      NOT NULL REFERENCES shipment (id) ON DELETE CASCADE,
    identifier   text        NOT NULL CHECK (identifier <> ''),
    customer_id  bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    labelled_at  timestamptz NOT NULL,
    checked_at   timestamptz,
    seen         text[]      NOT NULL DEFAULT '{}',
    done_at      timestamptz,
    PRIMARY KEY (shipment_id, identifier)
);
-- A customer's labels to ask about next: never checked first, then the
-- longest unchecked.
CREATE INDEX tracking_watch_due ON tracking_watch (customer_id, checked_at NULLS FIRST, shipment_id)
    WHERE done_at IS NULL;
-- The newest label watched of a customer (where enrolling goes on from),
-- and the labels past the window (removed).
CREATE INDEX tracking_watch_by_customer ON tracking_watch (customer_id, labelled_at);
CREATE INDEX tracking_watch_by_labelled ON tracking_watch (labelled_at);
-- A customer's labels since a time: what the poll enrols, without reading
-- the customer's other shipments.
CREATE INDEX shipment_labelled_by_customer ON shipment (customer_id, submitted_at)
    WHERE state = 'DONE' AND identifier <> '';

-- +goose Down
DROP INDEX shipment_labelled_by_customer;
DROP TABLE tracking_watch;
DROP TABLE label_cancellation;
