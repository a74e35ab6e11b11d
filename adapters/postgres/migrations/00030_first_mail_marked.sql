-- +goose Up
-- An inquiry and a subscription each send two mails (to the service desk
-- and a copy to the sender; a confirmation to the subscriber and a notice
-- to marketing). The job marked only both at once, so when the mail relay
-- failed between them the retry sent the first again. The first mail now
-- has its own mark; mailed_at still means both went out.
ALTER TABLE parcel_inquiry ADD COLUMN desk_mailed_at timestamptz;
UPDATE parcel_inquiry SET desk_mailed_at = mailed_at;
ALTER TABLE newsletter_subscription ADD COLUMN confirmation_mailed_at timestamptz;
UPDATE newsletter_subscription SET confirmation_mailed_at = mailed_at;

-- +goose Down
ALTER TABLE newsletter_subscription DROP COLUMN confirmation_mailed_at;
ALTER TABLE parcel_inquiry DROP COLUMN desk_mailed_at;
