-- +goose Up
-- The address book (spec 2 sections 2.5 and 3): each customer's saved
-- recipients. An entry is the customer's own data, not shipping history, so
-- it goes with its customer (ON DELETE CASCADE, as the customer's user
-- links do); shipments never point at it, they copy the address.
--
-- The search box looks for text anywhere in name, contact, recipient number,
-- street, postal code, city and e-mail: search_text holds them in lower case
-- (written by the adapter, from core/addressbook's Address.SearchText) with
-- a trigram index, so "contains" needs no scan of a large book. fingerprint
-- (core/addressbook's Address.Fingerprint) keeps a recipient once per
-- customer: a second identical entry is refused and an import skips it.

-- pg_trgm is trusted (no superuser needed) and lives in public, where every
-- schema's index can name its operator class; migrations of parallel test
-- schemas take turns creating it.
SELECT pg_advisory_xact_lock(hashtext('create extension pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TABLE address_book_entry (
    id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id      bigint      NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    recipient_number text        NOT NULL DEFAULT '',
    name             text        NOT NULL,
    contact          text        NOT NULL DEFAULT '',
    street           text        NOT NULL,
    no               text        NOT NULL DEFAULT '',
    street2          text        NOT NULL DEFAULT '',
    street3          text        NOT NULL DEFAULT '',
    postalcode       text        NOT NULL,
    city             text        NOT NULL,
    region           text        NOT NULL DEFAULT '',
    iso_country      text        NOT NULL,
    email            text        NOT NULL DEFAULT '',
    mobile           text        NOT NULL DEFAULT '',
    phone            text        NOT NULL DEFAULT '',
    search_text      text        NOT NULL,
    fingerprint      text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT address_book_entry_once UNIQUE (customer_id, fingerprint)
);

-- The list: one customer's entries by name.
CREATE INDEX address_book_entry_by_name ON address_book_entry (customer_id, lower(name), id);
-- The search box.
CREATE INDEX address_book_entry_search ON address_book_entry USING gin (search_text public.gin_trgm_ops);

-- +goose Down
-- pg_trgm stays: other schemas of the database may use it.
DROP TABLE address_book_entry;
