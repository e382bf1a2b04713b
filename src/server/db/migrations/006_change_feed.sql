-- The change feed (issue 8): every committed statement on a cached list's table tells listeners
-- "table T changed up to change number N" through NOTIFY, which PostgreSQL delivers only when the
-- transaction commits (and folds repeats within it). So a change written by any server instance,
-- a migration or the customer-facing site reaches every instance's change streams. N is the
-- sequence's last value: an upper bound of the change numbers this statement drew. The payload
-- names a table and a number only: no patient data ever travels on the channel.
CREATE FUNCTION notify_list_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('list_changes', TG_TABLE_NAME || ' ' || (SELECT last_value FROM change_seq));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER users_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER transfers_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER refill_requests_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refill_requests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER autofill_enrolments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON autofill_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER refill_reminder_enrolments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refill_reminder_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER new_prescriptions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON new_prescriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER appointments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
CREATE TRIGGER inquiries_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_change();
