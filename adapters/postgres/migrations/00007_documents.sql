-- +goose Up
-- Documents staff upload: the product-codes document and the CSV-template
-- document (one active per kind), the tenants' address-correction CSV files
-- (acss), and the multilingual news in dashboard order. Files are stored as
-- bytea of at most 10 MB.

CREATE TABLE product_codes_doc (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                  text        NOT NULL CHECK (name <> ''),
    document              bytea       NOT NULL CHECK (octet_length(document) BETWEEN 1 AND 10485760),
    document_content_type text        NOT NULL DEFAULT 'application/octet-stream',
    file_name             text        NOT NULL DEFAULT '',
    created_at            timestamptz NOT NULL DEFAULT now(),
    active                boolean     NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX product_codes_doc_one_active ON product_codes_doc ((true)) WHERE active;

CREATE TABLE csv_template_doc (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                  text        NOT NULL CHECK (name <> ''),
    document              bytea       NOT NULL CHECK (octet_length(document) BETWEEN 1 AND 10485760),
    document_content_type text        NOT NULL DEFAULT 'application/octet-stream',
    file_name             text        NOT NULL DEFAULT '',
    created_at            timestamptz NOT NULL DEFAULT now(),
    active                boolean     NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX csv_template_doc_one_active ON csv_template_doc ((true)) WHERE active;

CREATE TABLE acss (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text        NOT NULL CHECK (name <> ''),
    description text        NOT NULL DEFAULT '',
    csv         bytea       NOT NULL CHECK (octet_length(csv) BETWEEN 1 AND 10485760),
    file_name   text        NOT NULL DEFAULT 'acss.csv',
    created_at  timestamptz NOT NULL DEFAULT now(),
    active      boolean     NOT NULL DEFAULT false,
    tenant_id   bigint      REFERENCES tenant ON DELETE SET NULL
);
CREATE INDEX acss_by_tenant ON acss (tenant_id);

CREATE TABLE news (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    summary    text        NOT NULL DEFAULT '',
    summary_en text        NOT NULL DEFAULT '',
    summary_de text        NOT NULL DEFAULT '',
    summary_nl text        NOT NULL DEFAULT '',
    article_en text        NOT NULL DEFAULT '',
    article_de text        NOT NULL DEFAULT '',
    article_nl text        NOT NULL DEFAULT '',
    sort_order integer     NOT NULL DEFAULT 0
);
CREATE INDEX news_by_order ON news (sort_order, id);

-- +goose Down
DROP TABLE news;
DROP TABLE acss;
DROP TABLE csv_template_doc;
DROP TABLE product_codes_doc;
