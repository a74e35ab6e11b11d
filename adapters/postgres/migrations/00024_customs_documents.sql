-- +goose Up
-- Customs documents of a customer's CRM id (spec 2 sections 2.6 and 3):
-- collected from the carrier for manifested shipments that need one, or
-- uploaded by staff. A customer holds a carrier document once (its carrier
-- id), so collecting twice stores once. A document is shipping history:
-- deleting its customer is refused (ON DELETE RESTRICT).
CREATE TABLE customs_document (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id         bigint      NOT NULL REFERENCES customer (id) ON DELETE RESTRICT,
    crmid               text        NOT NULL,
    identifier          text        NOT NULL DEFAULT '',
    source              text        NOT NULL CHECK (source IN ('CARRIER', 'UPLOAD')),
    carrier_document_id text,
    filename            text        NOT NULL CHECK (filename <> '' AND char_length(filename) <= 200),
    content_type        text        NOT NULL,
    size                bigint      NOT NULL CHECK (size >= 0),
    content             bytea       NOT NULL,
    uploaded_at         timestamptz NOT NULL,
    uploaded_by         text        NOT NULL,
    last_downloaded_at  timestamptz,
    last_downloaded_by  text,
    CHECK ((source = 'CARRIER') = (carrier_document_id IS NOT NULL))
);
CREATE UNIQUE INDEX customs_document_carrier_once ON customs_document (customer_id, carrier_document_id);
CREATE INDEX customs_document_by_customer ON customs_document (customer_id, uploaded_at DESC, id DESC);

-- +goose Down
DROP TABLE customs_document;
