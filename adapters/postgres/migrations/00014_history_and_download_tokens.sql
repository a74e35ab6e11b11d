-- +goose Up
-- Shipping history is the record of what the carrier labelled and billed:
-- batches, their rows, shipments (live labels), manifests and the carrier
-- traffic. Deleting a customer or a batch must never take it along through
-- a cascade; deleting a customer with history is refused (also by the
-- customer use case), and a batch is deleted only by naming what goes with
-- it (postgres.Batches.Delete). A shipment removed on its own leaves its
-- exchanges with the batch.
ALTER TABLE batch
    DROP CONSTRAINT batch_customer_id_fkey,
    ADD CONSTRAINT batch_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE RESTRICT;
ALTER TABLE validated_shipment
    DROP CONSTRAINT validated_shipment_batch_id_fkey,
    ADD CONSTRAINT validated_shipment_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE RESTRICT;
ALTER TABLE shipment
    DROP CONSTRAINT shipment_batch_id_fkey,
    ADD CONSTRAINT shipment_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE RESTRICT,
    DROP CONSTRAINT shipment_customer_id_fkey,
    ADD CONSTRAINT shipment_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE RESTRICT;
ALTER TABLE carrier_exchange
    DROP CONSTRAINT carrier_exchange_batch_id_fkey,
    ADD CONSTRAINT carrier_exchange_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE RESTRICT,
    DROP CONSTRAINT carrier_exchange_shipment_id_fkey,
    ADD CONSTRAINT carrier_exchange_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipment (id) ON DELETE SET NULL;

-- Link downloads (core/linkdownload): a token good for one download of one
-- file by one user, for a minute. Only its SHA-256 is kept; the caller is
-- the one who asked for it, as the portal knew it then.
CREATE TABLE download_token (
    token_hash bytea       PRIMARY KEY,
    purpose    text        NOT NULL,
    resource   text        NOT NULL,
    caller     jsonb       NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX download_token_by_expiry ON download_token (expires_at);

-- +goose Down
DROP TABLE download_token;
ALTER TABLE carrier_exchange
    DROP CONSTRAINT carrier_exchange_shipment_id_fkey,
    ADD CONSTRAINT carrier_exchange_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES shipment (id) ON DELETE CASCADE,
    DROP CONSTRAINT carrier_exchange_batch_id_fkey,
    ADD CONSTRAINT carrier_exchange_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE CASCADE;
ALTER TABLE shipment
    DROP CONSTRAINT shipment_customer_id_fkey,
    ADD CONSTRAINT shipment_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE,
    DROP CONSTRAINT shipment_batch_id_fkey,
    ADD CONSTRAINT shipment_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE CASCADE;
ALTER TABLE validated_shipment
    DROP CONSTRAINT validated_shipment_batch_id_fkey,
    ADD CONSTRAINT validated_shipment_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batch (id) ON DELETE CASCADE;
ALTER TABLE batch
    DROP CONSTRAINT batch_customer_id_fkey,
    ADD CONSTRAINT batch_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE;
