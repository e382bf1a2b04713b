-- Who changed which request's status, when, and through which Idempotency-Key: the pharmacy's
-- audit trail of staff actions on patient requests. Written in the same transaction as the change.
CREATE TABLE request_status_events (
  event_id bigserial PRIMARY KEY,
  entity text NOT NULL,
  record_id integer NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor_uid text NOT NULL,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_status_events_record ON request_status_events (entity, record_id, event_id);
