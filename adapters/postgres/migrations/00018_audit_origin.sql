-- +goose Up
-- The administration console's audits page shows who did what, when and
-- from where: the client address of the request, as resolved behind the
-- trusted proxies. Events recorded before, and those of jobs, have none.
-- The page is read newest first, or by principal or type within a date
-- range; occurred_at is indexed already (audit_event_by_time).
ALTER TABLE audit_event ADD COLUMN remote_address text NOT NULL DEFAULT '';
CREATE INDEX audit_event_by_principal ON audit_event (principal, occurred_at DESC);

-- +goose Down
DROP INDEX audit_event_by_principal;
ALTER TABLE audit_event DROP COLUMN remote_address;
