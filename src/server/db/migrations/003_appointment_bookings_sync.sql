-- The cached appointment list carries each appointment's booking (person, details, members):
-- a change to a booking or to its members bumps the booking's appointments, so a device's delta
-- sync (?since=, built on appointments.change_no) sees it. The no-op UPDATE fires the
-- appointments' own change-number trigger.
CREATE FUNCTION touch_vaccine_booking_appointments(booking integer) RETURNS void AS $$
BEGIN
  UPDATE appointments SET change_no = change_no WHERE vaccine_id = booking;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION vaccine_booking_touched() RETURNS trigger AS $$
BEGIN
  PERFORM touch_vaccine_booking_appointments(NEW.vaccine_id);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION consultation_booking_touched() RETURNS trigger AS $$
BEGIN
  UPDATE appointments SET change_no = change_no WHERE consultation_id = NEW.consultation_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION booking_member_touched() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM touch_vaccine_booking_appointments(OLD.vaccination_booking_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.vaccination_booking_id <> OLD.vaccination_booking_id) THEN
    PERFORM touch_vaccine_booking_appointments(NEW.vaccination_booking_id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER vaccine_bookings_touch_appointments AFTER UPDATE ON vaccine_bookings
  FOR EACH ROW EXECUTE FUNCTION vaccine_booking_touched();
CREATE TRIGGER consultation_bookings_touch_appointments AFTER UPDATE ON consultation_bookings
  FOR EACH ROW EXECUTE FUNCTION consultation_booking_touched();
CREATE TRIGGER vaccination_booking_members_touch_appointments
  AFTER INSERT OR UPDATE OR DELETE ON vaccination_booking_members
  FOR EACH ROW EXECUTE FUNCTION booking_member_touched();

CREATE INDEX appointments_vaccine_id ON appointments (vaccine_id);
CREATE INDEX appointments_consultation_id ON appointments (consultation_id);
