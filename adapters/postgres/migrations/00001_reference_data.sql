-- +goose Up
-- The carrier's reference data. Lists keep their display order in position.
CREATE TABLE reference_code (
    kind     text    NOT NULL CHECK (kind IN ('product', 'service', 'option', 'format', 'return_type', 'return_option')),
    code     text    NOT NULL CHECK (code <> ''),
    name     text    NOT NULL,
    position integer NOT NULL,
    PRIMARY KEY (kind, code),
    UNIQUE (kind, position)
);

-- Destinations inside the customs union: no customs declaration needed.
CREATE TABLE tax_free_country (
    country_code char(2) PRIMARY KEY CHECK (country_code ~ '^[A-Z]{2}$')
);

-- Postal ranges excluded from the customs union although their country is in it.
CREATE TABLE customs_excluded_postal_range (
    region       text    NOT NULL,
    country_code char(2) NOT NULL REFERENCES tax_free_country,
    from_code    text    NOT NULL,
    to_code      text    NOT NULL CHECK (length(from_code) = length(to_code) AND from_code <= to_code),
    PRIMARY KEY (region, country_code, from_code)
);

INSERT INTO reference_code (kind, code, name, position) VALUES
    ('product', 'EPAQSTD', 'e-PAQ Standard', 1),
    ('product', 'EPAQPLS', 'e-PAQ Plus', 2),
    ('product', 'EPAQSCT', 'e-PAQ Select', 3),
    ('product', 'EPAQELT', 'e-PAQ Elite', 4),
    ('product', 'EPAQGO', 'e-PAQ Go', 5),
    ('service', 'CUP', 'Duties and taxes unpaid', 1),
    ('service', 'CPP', 'Duties and taxes prepaid', 2),
    ('option', 'SIGN', 'Signature on delivery', 1),
    ('option', 'INS', 'Insurance', 2),
    ('option', 'NONEIGHBOUR', 'No delivery to a neighbour', 3),
    ('option', 'SGD', 'SGD', 4),
    ('format', 'B', 'Boxable', 1),
    ('format', 'N', 'Non-boxable', 2),
    ('return_type', 'EPAQRETDOM', 'Domestic return', 1),
    ('return_type', 'EPAQRETINT', 'International return', 2),
    ('return_option', 'RETPP', 'Return prepaid', 1),
    ('return_option', 'RETPAP', 'Return paid at the post office', 2);

INSERT INTO tax_free_country (country_code) VALUES
    ('AT'),
    ('BE'),
    ('BG'),
    ('CY'),
    ('CZ'),
    ('DE'),
    ('DK'),
    ('EE'),
    ('ES'),
    ('FI'),
    ('FR'),
    ('GR'),
    ('HR'),
    ('HU'),
    ('IE'),
    ('IT'),
    ('LT'),
    ('LU'),
    ('LV'),
    ('MT'),
    ('NL'),
    ('PL'),
    ('PT'),
    ('RO'),
    ('SE'),
    ('SI'),
    ('SK');

INSERT INTO customs_excluded_postal_range (region, country_code, from_code, to_code) VALUES
    ('canary_islands', 'ES', '35000', '35999'),
    ('canary_islands', 'ES', '38000', '38999');

-- +goose Down
DROP TABLE customs_excluded_postal_range;
DROP TABLE tax_free_country;
DROP TABLE reference_code;
