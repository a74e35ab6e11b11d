-- +goose Up
-- Who ships: tenants (the carrier's subsidiaries) with their hubs, customers
-- served from a hub, fulfillment partners acting for several customers, and
-- the link of a portal login to its customer or fulfillment. The master-data
-- screens extend these tables; the shipping tables reference them.

CREATE TABLE tenant (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         text    NOT NULL UNIQUE CHECK (name <> ''),
    country_code char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$')
);

CREATE TABLE hub (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id    bigint  NOT NULL REFERENCES tenant ON DELETE CASCADE,
    name         text    NOT NULL CHECK (name <> ''),
    is_default   boolean NOT NULL DEFAULT false,
    street       text    NOT NULL DEFAULT '',
    zip_code     text    NOT NULL DEFAULT '',
    city         text    NOT NULL DEFAULT '',
    country_code char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
    UNIQUE (tenant_id, name)
);
-- Exactly one default hub per tenant is enforced here for "at most one"; the
-- domain rule requires one when hubs are saved.
CREATE UNIQUE INDEX hub_one_default_per_tenant ON hub (tenant_id) WHERE is_default;

CREATE TABLE customer (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text   NOT NULL CHECK (name <> ''),
    crmid      text   NOT NULL CHECK (crmid ~ '^[A-Z]{2}[0-9]{8}$'),
    hub_id     bigint NOT NULL REFERENCES hub,
    api_client text   NOT NULL DEFAULT 'SHIPPING' CHECK (api_client IN ('A1', 'SHIPPING')),
    label_type text   NOT NULL DEFAULT 'PDF' CHECK (label_type IN ('PDF', 'Zebra', 'Zebra300')),
    language   text   NOT NULL DEFAULT 'en' CHECK (language IN ('de', 'en', 'es', 'it', 'nl'))
);
CREATE UNIQUE INDEX customer_crmid_unique ON customer (crmid);

CREATE TABLE fulfillment (
    id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL UNIQUE CHECK (name <> '')
);

CREATE TABLE fulfillment_customer (
    fulfillment_id bigint NOT NULL REFERENCES fulfillment ON DELETE CASCADE,
    customer_id    bigint NOT NULL REFERENCES customer ON DELETE CASCADE,
    PRIMARY KEY (fulfillment_id, customer_id)
);
CREATE INDEX fulfillment_customer_by_customer ON fulfillment_customer (customer_id);

-- The portal side of a login: its identity lives in Kratos, its customer or
-- fulfillment here.
CREATE TABLE user_data (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login          text   NOT NULL UNIQUE CHECK (login <> ''),
    identity_id    uuid   UNIQUE,
    customer_id    bigint REFERENCES customer ON DELETE SET NULL,
    fulfillment_id bigint REFERENCES fulfillment ON DELETE SET NULL
);

-- +goose Down
DROP TABLE user_data;
DROP TABLE fulfillment_customer;
DROP TABLE fulfillment;
DROP TABLE customer;
DROP TABLE hub;
DROP TABLE tenant;
