-- +goose Up
-- Removing a shipment removes its exchanges (ON DELETE CASCADE), one lookup
-- per shipment: deleting a batch of 2000 shipments must not scan the whole
-- traffic table 2000 times. The shipment's traffic is read through it too.
CREATE INDEX carrier_exchange_by_shipment ON carrier_exchange (shipment_id);

-- +goose Down
DROP INDEX carrier_exchange_by_shipment;
