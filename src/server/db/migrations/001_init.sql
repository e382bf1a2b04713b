-- The whole schema of spec section 3 plus what DESIGN.md needs: change numbers for delta sync,
-- tombstones for deletions, idempotency keys and the email outbox.
-- SQL that both PostgreSQL 15 (a server) and PGlite (PostgreSQL 18) accept.

CREATE SEQUENCE change_seq;

-- Every update of a synced row draws a new change number; `?since=` cursors are built on it.
CREATE FUNCTION bump_change_no() RETURNS trigger AS $$
BEGIN
  NEW.change_no := nextval('change_seq');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TABLE tombstones (
  entity text NOT NULL,
  record_id bigint NOT NULL,
  change_no bigint NOT NULL DEFAULT nextval('change_seq'),
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity, record_id)
);
CREATE INDEX tombstones_change_no ON tombstones (entity, change_no);

-- A deleted synced row leaves a tombstone so devices learn of it. TG_ARGV: entity, key column.
CREATE FUNCTION record_tombstone() RETURNS trigger AS $$
BEGIN
  INSERT INTO tombstones (entity, record_id)
  VALUES (TG_ARGV[0], (to_jsonb(OLD) ->> TG_ARGV[1])::bigint)
  ON CONFLICT (entity, record_id)
  DO UPDATE SET change_no = nextval('change_seq'), deleted_at = now();
  RETURN OLD;
END
$$ LANGUAGE plpgsql;

-- Staff accounts seen by the server (Firebase uid). The role itself is a custom claim.
CREATE TABLE staff (
  uid text PRIMARY KEY,
  email text,
  role text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

-- Patients (the spec's "User").
CREATE TABLE users (
  user_id serial PRIMARY KEY,
  firebase_uid text UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text UNIQUE,
  phone_number text,
  date_of_birth date,
  postal_code text,
  address text,
  city text,
  province text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE transfers (
  transfer_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  date_of_birth date NOT NULL,
  postal_code text NOT NULL,
  pharmacy_name text NOT NULL,
  pharmacy_number text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'flagged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

-- Refills and renewals (one list, told apart by type).
CREATE TABLE refill_requests (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  type text NOT NULL CHECK (type IN ('Refill', 'Renewal')),
  rx_number text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  date_of_birth date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'flagged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE autofill_enrolments (
  refill_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  rx_number text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  date_of_birth date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'flagged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE refill_reminder_enrolments (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  rx_number text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  date_of_birth date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'flagged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE new_prescriptions (
  prescription_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  date_of_birth date NOT NULL,
  medication text NOT NULL,
  prescriber_name text NOT NULL,
  notes text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'flagged')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE vaccine_bookings (
  vaccine_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  vaccine_type text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text,
  email text,
  date_of_birth date,
  address text,
  city text,
  province text,
  number_of_people integer NOT NULL DEFAULT 1 CHECK (number_of_people >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

CREATE TABLE vaccination_booking_members (
  member_id serial PRIMARY KEY,
  vaccination_booking_id integer NOT NULL REFERENCES vaccine_bookings (vaccine_id) ON DELETE CASCADE,
  position integer NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  date_of_birth date,
  address text,
  city text,
  province text,
  UNIQUE (vaccination_booking_id, position)
);

CREATE TABLE consultation_bookings (
  consultation_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  consultation_type text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text,
  email text,
  date_of_birth date,
  address text,
  city text,
  province text,
  created_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq')
);

-- Dates and times are the pharmacy's local wall-clock time (PHARMACY_TIMEZONE).
CREATE TABLE appointments (
  appointment_id serial PRIMARY KEY,
  appointment_type text NOT NULL CHECK (appointment_type IN ('Blocked', 'Consultation', 'Vaccine')),
  date date NOT NULL,
  start_time time NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'cancelled')),
  vaccine_id integer REFERENCES vaccine_bookings (vaccine_id) ON DELETE CASCADE,
  consultation_id integer REFERENCES consultation_bookings (consultation_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  change_no bigint NOT NULL DEFAULT nextval('change_seq'),
  CHECK (
    (appointment_type = 'Vaccine' AND vaccine_id IS NOT NULL AND consultation_id IS NULL)
    OR (appointment_type = 'Consultation' AND consultation_id IS NOT NULL AND vaccine_id IS NULL)
    OR (appointment_type = 'Blocked' AND vaccine_id IS NULL AND consultation_id IS NULL)
  )
);
CREATE INDEX appointments_date ON appointments (date, start_time);

CREATE TABLE inquiries (
  message_id serial PRIMARY KEY,
  user_id integer REFERENCES users (user_id) ON DELETE SET NULL,
  first_name text,
  last_name text,
  email text,
  phone_number text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved boolean NOT NULL DEFAULT false,
  replied boolean NOT NULL DEFAULT false,
  reply text,
  replied_at timestamptz,
  change_no bigint NOT NULL DEFAULT nextval('change_seq'),
  CHECK (NOT replied OR (resolved AND reply IS NOT NULL))
);

-- Change numbers and tombstones for every synced table.
CREATE TRIGGER users_change BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER transfers_change BEFORE UPDATE ON transfers FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER refill_requests_change BEFORE UPDATE ON refill_requests FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER autofill_enrolments_change BEFORE UPDATE ON autofill_enrolments FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER refill_reminder_enrolments_change BEFORE UPDATE ON refill_reminder_enrolments FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER new_prescriptions_change BEFORE UPDATE ON new_prescriptions FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER vaccine_bookings_change BEFORE UPDATE ON vaccine_bookings FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER consultation_bookings_change BEFORE UPDATE ON consultation_bookings FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER appointments_change BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION bump_change_no();
CREATE TRIGGER inquiries_change BEFORE UPDATE ON inquiries FOR EACH ROW EXECUTE FUNCTION bump_change_no();

CREATE TRIGGER users_tombstone AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION record_tombstone('users', 'user_id');
CREATE TRIGGER transfers_tombstone AFTER DELETE ON transfers FOR EACH ROW EXECUTE FUNCTION record_tombstone('transfers', 'transfer_id');
CREATE TRIGGER refill_requests_tombstone AFTER DELETE ON refill_requests FOR EACH ROW EXECUTE FUNCTION record_tombstone('refill_requests', 'id');
CREATE TRIGGER autofill_enrolments_tombstone AFTER DELETE ON autofill_enrolments FOR EACH ROW EXECUTE FUNCTION record_tombstone('autofill_enrolments', 'refill_id');
CREATE TRIGGER refill_reminder_enrolments_tombstone AFTER DELETE ON refill_reminder_enrolments FOR EACH ROW EXECUTE FUNCTION record_tombstone('refill_reminder_enrolments', 'id');
CREATE TRIGGER new_prescriptions_tombstone AFTER DELETE ON new_prescriptions FOR EACH ROW EXECUTE FUNCTION record_tombstone('new_prescriptions', 'prescription_id');
CREATE TRIGGER appointments_tombstone AFTER DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION record_tombstone('appointments', 'appointment_id');
CREATE TRIGGER inquiries_tombstone AFTER DELETE ON inquiries FOR EACH ROW EXECUTE FUNCTION record_tombstone('inquiries', 'message_id');

CREATE INDEX transfers_change_no ON transfers (change_no);
CREATE INDEX refill_requests_change_no ON refill_requests (change_no);
CREATE INDEX autofill_enrolments_change_no ON autofill_enrolments (change_no);
CREATE INDEX refill_reminder_enrolments_change_no ON refill_reminder_enrolments (change_no);
CREATE INDEX new_prescriptions_change_no ON new_prescriptions (change_no);
CREATE INDEX appointments_change_no ON appointments (change_no);
CREATE INDEX inquiries_change_no ON inquiries (change_no);
CREATE INDEX users_change_no ON users (change_no);

-- Idempotency-Key records: the request's hash and its stored response, per caller.
CREATE TABLE idempotency_keys (
  caller_uid text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  status_code integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller_uid, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Transactional email outbox: written with the change that causes it, delivered by a worker.
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text
);
CREATE INDEX email_outbox_pending ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;
