-- Saved replies (issue 19): texts staff keep for the reply box, shared by the whole pharmacy and
-- cached on every device like the other lists (change numbers, tombstones, the change feed).
-- The key is chosen by the device that creates one (so a reply created offline has its key at
-- once); title and text are stored trimmed, never empty. No patient data: placeholders such as
-- {first_name} are filled on the device when a reply is written.
CREATE TABLE saved_replies (
  saved_reply_id integer PRIMARY KEY CHECK (saved_reply_id > 0),
  title text NOT NULL CHECK (title <> '' AND char_length(title) <= 100),
  text text NOT NULL CHECK (text <> '' AND char_length(text) <= 5000),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);
CREATE INDEX saved_replies_change_no ON saved_replies (change_no);

CREATE TRIGGER saved_replies_change BEFORE UPDATE ON saved_replies FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER saved_replies_tombstone AFTER DELETE ON saved_replies
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('saved_replies', 'saved_reply_id');
CREATE TRIGGER saved_replies_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON saved_replies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();

-- Who created, edited or deleted which saved reply, when, with what words and through which
-- Idempotency-Key, written in the change's transaction: the history stays after a delete.
-- (The access log records access to patient data; a saved reply holds none.)
CREATE TABLE saved_reply_events (
  event_id bigserial PRIMARY KEY,
  saved_reply_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'edit', 'delete')),
  title text,
  text text,
  actor_uid text NOT NULL,
  -- The staff member's name as it was then (issue 19's staff names), or null.
  actor_name text,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_reply_events_reply ON saved_reply_events (saved_reply_id, event_id);
