-- +goose Up
-- Commercial invoices made from a report selection (spec 2 sections 3, 5.5
-- and 7, POST web/api/reports/invoice): the header the invoice dialog sent,
-- the amounts as computed, who made it and when. An invoice number is unique
-- per CRM id (the customer's at the time it was made), so two identical
-- concurrent requests make one invoice and one refusal. A shipment is on one
-- invoice at most; the report shows that invoice's number on its row.
CREATE TABLE commercial_invoice (
    id                    bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    number                text          NOT NULL CHECK (number <> '' AND char_length(number) <= 35),
    customer_id           bigint        NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    crm_id                text          NOT NULL,
    po_number             text          NOT NULL DEFAULT '',
    incoterm              text          NOT NULL CHECK (incoterm IN ('DDP', 'DAP', 'DTP')),
    reason_of_export      text          NOT NULL,
    additional_comments   text          NOT NULL DEFAULT '',
    declaration_statement text          NOT NULL DEFAULT '',
    currency              text          NOT NULL DEFAULT 'EUR',
    freight_postage       numeric(12,2) NOT NULL DEFAULT 0,
    duty                  numeric(12,2) NOT NULL DEFAULT 0,
    vat                   numeric(12,2) NOT NULL DEFAULT 0,
    tobacco_tax           numeric(12,2) NOT NULL DEFAULT 0,
    discount_rebate       numeric(12,2) NOT NULL DEFAULT 0,
    subtotal              numeric(14,2) NOT NULL DEFAULT 0,
    total                 numeric(14,2) NOT NULL DEFAULT 0,
    -- The customer was chargeable for commercial invoices when it was made
    -- (the admin invoice report counts these).
    chargeable            boolean       NOT NULL DEFAULT false,
    created_by            text          NOT NULL,
    created_at            timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT commercial_invoice_number_per_crm UNIQUE (crm_id, number)
);
CREATE INDEX commercial_invoice_by_customer ON commercial_invoice (customer_id, number);
CREATE INDEX commercial_invoice_by_date ON commercial_invoice (created_at);

CREATE TABLE commercial_invoice_shipment (
    shipment_id bigint  PRIMARY KEY REFERENCES shipment (id) ON DELETE CASCADE,
    invoice_id  bigint  NOT NULL REFERENCES commercial_invoice (id) ON DELETE CASCADE,
    position    integer NOT NULL
);
CREATE INDEX commercial_invoice_shipment_by_invoice ON commercial_invoice_shipment (invoice_id, position);

-- +goose Down
DROP TABLE commercial_invoice_shipment;
DROP TABLE commercial_invoice;
