-- The access log (issue 18, DESIGN 8): who viewed, listed, changed, notified, exported… whose
-- data, when (on the device, and when the server received it), from which device. Append-only:
-- the database refuses UPDATE, DELETE and TRUNCATE, except the DELETE of the retention purge
-- (`npm run access-log -- purge`), which sets pharmacy.access_log_purge for its own transaction
-- only and logs itself. Each entry's hash covers the previous entry's hash and its own fields
-- (repositories/access-log.ts), so an entry edited or removed behind the app's back is named by
-- `npm run access-log -- verify`.
CREATE TABLE access_log (
  -- Drawn from access_log_head under its row lock: no gaps, the chain's order.
  entry_id bigint PRIMARY KEY,
  actor_uid text NOT NULL,
  actor_name text,
  device_id text,
  action text NOT NULL,
  collection text,
  record_id integer,
  patient_user_id integer,
  patient_name text,
  detail jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  offline boolean NOT NULL DEFAULT false,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
-- The screen's filters, each newest first (occurred_at, then entry_id).
CREATE INDEX access_log_occurred ON access_log (occurred_at, entry_id);
CREATE INDEX access_log_patient ON access_log (patient_user_id, occurred_at, entry_id);
CREATE INDEX access_log_actor ON access_log (actor_uid, occurred_at, entry_id);
CREATE INDEX access_log_action ON access_log (action, occurred_at, entry_id);

-- The end of the chain, one row: an append locks it (FOR UPDATE), so entries from several
-- server instances on one database still form one line.
CREATE TABLE access_log_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_entry_id bigint NOT NULL,
  last_hash text NOT NULL
);
INSERT INTO access_log_head (last_entry_id, last_hash) VALUES (0, repeat('0', 64));

CREATE FUNCTION access_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('pharmacy.access_log_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the access log is append-only: % refused', TG_OP;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_refuse_change();
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_refuse_change();
