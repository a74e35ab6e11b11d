-- +goose Up
-- Integrators' webhooks (issue 27): a customer's HTTPS endpoints, the
-- events recorded for them and one delivery per event and endpoint, which
-- is the outbox the worker posts from and the endpoint's delivery log.
-- The signing secret is sealed with the credentials key, bound to its row.
-- Endpoints, events and deliveries are configuration and notices, not
-- shipping history: they go with their customer.
CREATE TABLE webhook_endpoint (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id     bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    url             text        NOT NULL CHECK (url <> '' AND char_length(url) <= 2000),
    description     text        NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
    events          text[]      NOT NULL CHECK (cardinality(events) > 0),
    secret_sealed   bytea,
    enabled         boolean     NOT NULL DEFAULT true,
    failing_since   timestamptz,
    disabled_reason text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoint_by_customer ON webhook_endpoint (customer_id, id);

-- An event keeps its id for every delivery and retry (the webhook-id).
CREATE TABLE webhook_event (
    id          text        PRIMARY KEY CHECK (id <> '' AND char_length(id) <= 100),
    customer_id bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    type        text        NOT NULL,
    at          timestamptz NOT NULL,
    data        jsonb       NOT NULL DEFAULT '{}'
);
CREATE INDEX webhook_event_by_customer ON webhook_event (customer_id, at);

CREATE TABLE webhook_delivery (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id bigint      NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
    event_id    text        NOT NULL REFERENCES webhook_event (id) ON DELETE CASCADE,
    state       text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts    integer     NOT NULL DEFAULT 0,
    status      integer     NOT NULL DEFAULT 0,
    duration_ms integer     NOT NULL DEFAULT 0,
    error       text        NOT NULL DEFAULT '',
    last_try    timestamptz,
    next_try    timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_delivery_log ON webhook_delivery (endpoint_id, id DESC);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_try) WHERE state = 'pending';

-- +goose Down
DROP TABLE webhook_delivery;
DROP TABLE webhook_event;
DROP TABLE webhook_endpoint;
