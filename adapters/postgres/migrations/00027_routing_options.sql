-- +goose Up
-- The default routing options (spec 1 section 2, /routing-options): the
-- default manifesting rule of each of the 23 manifest-carrier countries
-- (spec 3 section 3), a manifest type (spec 2 section 4.8) and the carrier
-- its parcels are manifested with. They apply where a customer has no rule
-- of its own (core/manifest.Route); admins change them.
CREATE TABLE routing_option (
    country_code  text        PRIMARY KEY CHECK (country_code ~ '^[A-Z]{2}$'),
    manifest_type text        NOT NULL,
    carrier       text        NOT NULL CHECK (length(carrier) BETWEEN 1 AND 50),
    updated_by    text        NOT NULL DEFAULT '',
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The seeded defaults: the national postal carrier of each country, taking
-- the carrier-bound manifest type.
INSERT INTO routing_option (country_code, manifest_type, carrier) VALUES
    ('AT', 'MANIFEST_CARRIER_DIRECT', 'Österreichische Post'),
    ('BE', 'MANIFEST_CARRIER_DIRECT', 'bpost'),
    ('BG', 'MANIFEST_TO_CARIER', 'Bulgarian Posts'),
    ('CH', 'MANIFEST_CARRIER_DIRECT', 'Swiss Post'),
    ('CZ', 'MANIFEST_TO_CARIER', 'Česká pošta'),
    ('DK', 'MANIFEST_CARRIER_DIRECT', 'PostNord Danmark'),
    ('EE', 'MANIFEST_TO_CARIER', 'Omniva'),
    ('ES', 'MANIFEST_CARRIER_DIRECT', 'Correos'),
    ('FI', 'MANIFEST_TO_CARIER', 'Posti'),
    ('FR', 'MANIFEST_CARRIER_DIRECT', 'La Poste Colissimo'),
    ('GB', 'MANIFEST_MB_PLUS', 'Royal Mail'),
    ('GR', 'MANIFEST_TO_CARIER', 'ELTA'),
    ('HR', 'MANIFEST_TO_CARIER', 'Hrvatska pošta'),
    ('HU', 'MANIFEST_TO_CARIER', 'Magyar Posta'),
    ('IE', 'MANIFEST_MB_PLUS', 'An Post'),
    ('IT', 'MANIFEST_CARRIER_DIRECT', 'Poste Italiane'),
    ('LT', 'MANIFEST_TO_CARIER', 'Lietuvos paštas'),
    ('LU', 'MANIFEST_TO_CARIER', 'POST Luxembourg'),
    ('LV', 'MANIFEST_TO_CARIER', 'Latvijas Pasts'),
    ('NL', 'MANIFEST_CARRIER_DIRECT', 'PostNL'),
    ('PL', 'MANIFEST_TO_CARIER', 'Poczta Polska'),
    ('PT', 'MANIFEST_TO_CARIER', 'CTT'),
    ('SE', 'MANIFEST_CARRIER_DIRECT', 'PostNord Sverige');

-- The carrier a manifest of parcels goes to (one manifest per customer,
-- hub, manifest type and carrier); empty where no default names one.
ALTER TABLE batch ADD COLUMN manifest_carrier text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE batch DROP COLUMN manifest_carrier;
DROP TABLE routing_option;
