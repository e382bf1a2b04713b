-- A record's history (issue 19, section 5): its changes from the access log, newest first by when
-- they happened. The patient filter already has its index (migration 007); one record's entries
-- take this one, so a detail's History reads a few rows, not the log.
CREATE INDEX access_log_record ON access_log (collection, record_id, occurred_at, entry_id);
