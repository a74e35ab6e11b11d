-- +goose Up
-- CSV batches (spec 2 sections 3 and 4): the uploaded file, its validated
-- rows as the grid shows them, the shipments sent to the carrier from those
-- rows, and every SOAP exchange with the carrier.
--
-- A shipment is one row's life at the carrier. Each label attempt has its
-- own reference (b{batch}-r{position}-a{attempt}); the state SUBMITTING is
-- written before the carrier is called, so a job resumed after a crash asks
-- the carrier for that reference (Find) instead of labelling twice.

CREATE TABLE batch (
    id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id         bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    csv_file_name       text        NOT NULL,
    csv                 bytea       NOT NULL,
    status              text        NOT NULL DEFAULT 'CREATED',
    created_at          timestamptz NOT NULL DEFAULT now(),
    created_by          text        NOT NULL,
    sent_at             timestamptz,
    sent_by             text        NOT NULL DEFAULT '',
    label_type          text        NOT NULL DEFAULT 'PDF',
    -- What the running or last job works on: ALL, CHANGED or ERROR.
    job_filter          text        NOT NULL DEFAULT '',
    processed_shipments integer     NOT NULL DEFAULT 0,
    total_shipments     integer     NOT NULL DEFAULT 0,
    error_message       text        NOT NULL DEFAULT '',
    row_count           integer     NOT NULL DEFAULT 0,
    invalid_rows        integer     NOT NULL DEFAULT 0,
    has_invoice         boolean     NOT NULL DEFAULT false,
    manifest            bytea,
    manifest_number     text        NOT NULL DEFAULT '',
    manifest_created_at timestamptz
);
CREATE INDEX batch_by_customer ON batch (customer_id, created_at DESC, id DESC);

-- fields: {"name": {"value": "...", "violations": [{"key": "...", "attributes": {...}}]}, ...}
-- order_lines: [{"articleNumber": {"value": ..., "violations": [...]}, ...}, ...]
CREATE TABLE validated_shipment (
    id          bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id    bigint  NOT NULL REFERENCES batch (id) ON DELETE CASCADE,
    position    integer NOT NULL,
    fields      jsonb   NOT NULL,
    order_lines jsonb   NOT NULL DEFAULT '[]',
    valid       boolean NOT NULL,
    -- Edited after its shipment was labelled.
    changed     boolean NOT NULL DEFAULT false,
    UNIQUE (batch_id, position)
);

CREATE TABLE shipment (
    id                    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id              bigint      NOT NULL REFERENCES batch (id) ON DELETE CASCADE,
    validated_shipment_id bigint      UNIQUE REFERENCES validated_shipment (id) ON DELETE SET NULL,
    customer_id           bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    position              integer     NOT NULL,
    attempt               integer     NOT NULL DEFAULT 1,
    reference             text        NOT NULL UNIQUE,
    -- PENDING, SUBMITTING, DONE, FAILED or CANCELLED.
    state                 text        NOT NULL DEFAULT 'PENDING',
    success               boolean     NOT NULL DEFAULT false,
    error_message         text        NOT NULL DEFAULT '',
    identifier            text        NOT NULL DEFAULT '',
    label                 bytea,
    label_content_type    text        NOT NULL DEFAULT '',
    label_type            text        NOT NULL DEFAULT '',
    customs_doc           bytea,
    soap_request          text        NOT NULL DEFAULT '',
    soap_response         text        NOT NULL DEFAULT '',
    submitted_at          timestamptz,
    reference_number      text        NOT NULL DEFAULT '',
    receiver_name         text        NOT NULL DEFAULT '',
    product               text        NOT NULL DEFAULT '',
    service               text        NOT NULL DEFAULT '',
    destination           text        NOT NULL DEFAULT '',
    api_client            text        NOT NULL DEFAULT '',
    retoure               boolean     NOT NULL DEFAULT false,
    created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipment_by_batch ON shipment (batch_id, position);
CREATE INDEX shipment_by_customer ON shipment (customer_id, created_at DESC, id DESC);

-- Every SOAP exchange, in order: what admins view and download as traffic.
CREATE TABLE carrier_exchange (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id    bigint      REFERENCES batch (id) ON DELETE CASCADE,
    shipment_id bigint      REFERENCES shipment (id) ON DELETE CASCADE,
    -- addAndPrint, find, cancel or createManifest.
    operation   text        NOT NULL,
    request     text        NOT NULL,
    response    text        NOT NULL,
    at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carrier_exchange_by_batch ON carrier_exchange (batch_id, id);

-- +goose Down
DROP TABLE carrier_exchange;
DROP TABLE shipment;
DROP TABLE validated_shipment;
DROP TABLE batch;
