-- Who blocked or unblocked which hours, when, and through which Idempotency-Key: the pharmacy's
-- record of changes to its availability (a blocked slot itself is deleted when unblocked).
-- Written in the same transaction as the change.
CREATE TABLE availability_events (
  event_id bigserial PRIMARY KEY,
  action text NOT NULL CHECK (action IN ('block', 'unblock')),
  range_start timestamptz NOT NULL,
  range_end timestamptz NOT NULL,
  slots integer NOT NULL,
  actor_uid text NOT NULL,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX availability_events_created_at ON availability_events (created_at);

-- A slot is blocked once at most. Blocking checks and inserts under the write lock, so this
-- never fires in normal use: it makes a duplicate impossible rather than unlikely.
CREATE UNIQUE INDEX appointments_blocked_slot ON appointments (date, start_time)
  WHERE appointment_type = 'Blocked';
