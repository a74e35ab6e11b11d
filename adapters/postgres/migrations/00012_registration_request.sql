-- +goose Up
-- A self-registration is a request, never a link: the login is created
-- without a customer, and staff link it through user data after checking
-- the request. The request keeps what the visitor said, so that staff see
-- it; it stays pending while the login has no customer or fulfillment.
-- The CRM id is matched against the customers when read, not stored as a
-- reference: a customer created later for that id is found too.
CREATE TABLE registration_request (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login          text        NOT NULL UNIQUE CHECK (login <> ''),
    identity_id    uuid        NOT NULL,
    email          text        NOT NULL,
    crmid          text        NOT NULL,
    request_reason text        NOT NULL DEFAULT '',
    requested_at   timestamptz NOT NULL
);
CREATE INDEX registration_request_by_time ON registration_request (requested_at);

-- +goose Down
DROP TABLE registration_request;
