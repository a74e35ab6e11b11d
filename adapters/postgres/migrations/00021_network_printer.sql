-- +goose Up
-- Network label printers that staff configure for a customer: a Zebra on
-- raw TCP (port 9100 by default) that the portal's server prints to. The
-- server connects only to the host and port kept here. A printer is
-- configuration, not shipping history: it goes with its customer.
CREATE TABLE network_printer (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id bigint  NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
    name        text    NOT NULL CHECK (name <> '' AND char_length(name) <= 100),
    host        text    NOT NULL CHECK (host <> '' AND char_length(host) <= 253),
    port        integer NOT NULL DEFAULT 9100 CHECK (port BETWEEN 1 AND 65535),
    dpi         integer NOT NULL DEFAULT 203 CHECK (dpi IN (203, 300))
);
CREATE INDEX network_printer_by_customer ON network_printer (customer_id, name);

-- +goose Down
DROP TABLE network_printer;
