// The entities of spec section 3 as the API serves them (snake_case, the spec's field names).
// One schema each: the server validates and serializes with it, both sides take its type.
import Type, { type Static, type TSchema } from 'typebox';
import { REQUEST_STATUSES } from './request-status';

const text = Type.String();
const isoDate = Type.String({ description: 'YYYY-MM-DD' });
const isoDateTime = Type.String({ description: 'ISO 8601 instant' });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const RequestStatusSchema = Type.Enum(REQUEST_STATUSES);

const patientFields = {
  /** The patient's account when they asked while signed in (null for a guest). */
  user_id: nullable(Type.Integer()),
  first_name: text,
  last_name: text,
  phone_number: text,
  email: nullable(text),
  date_of_birth: isoDate,
};

/**
 * Who handles the record (issue 19, section 3): the staff uid and the name as it was when
 * assigned. Optional: a row cached before assignment existed has neither, and is nobody's.
 */
const assigneeFields = {
  assignee_uid: Type.Optional(nullable(text)),
  assignee_name: Type.Optional(nullable(text)),
};

export const TransferSchema = Type.Object({
  transfer_id: Type.Integer(),
  ...patientFields,
  created_at: isoDateTime,
  postal_code: text,
  pharmacy_name: text,
  pharmacy_number: text,
  status: RequestStatusSchema,
  ...assigneeFields,
});
export type Transfer = Static<typeof TransferSchema>;

const rxFields = {
  rx_number: text,
  ...patientFields,
  created_at: isoDateTime,
  status: RequestStatusSchema,
  ...assigneeFields,
};

/** A refill or a renewal request (GET /admin/refills-and-renewals). */
export const RefillRequestSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('Refill'), Type.Literal('Renewal')]),
  ...rxFields,
});
export type RefillRequest = Static<typeof RefillRequestSchema>;

/** An autofill enrolment; the spec keys it by `refillId`. */
export const AutofillEnrolmentSchema = Type.Object({
  refillId: Type.Integer(),
  ...rxFields,
});
export type AutofillEnrolment = Static<typeof AutofillEnrolmentSchema>;

export const RefillReminderSchema = Type.Object({
  id: Type.Integer(),
  ...rxFields,
});
export type RefillReminder = Static<typeof RefillReminderSchema>;

export const NewPrescriptionSchema = Type.Object({
  prescription_id: Type.Integer(),
  ...patientFields,
  medication: text,
  prescriber_name: text,
  notes: nullable(text),
  created_at: isoDateTime,
  status: RequestStatusSchema,
});
export type NewPrescription = Static<typeof NewPrescriptionSchema>;

export const AppointmentTypeSchema = Type.Union([
  Type.Literal('Blocked'),
  Type.Literal('Consultation'),
  Type.Literal('Vaccine'),
]);
export type AppointmentType = Static<typeof AppointmentTypeSchema>;
export const AppointmentStatusSchema = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('completed'),
  Type.Literal('cancelled'),
]);
export type AppointmentStatus = Static<typeof AppointmentStatusSchema>;

/** One person of a vaccine booking (GET /admin/vaccination-members/{vaccine_id}), booker first. */
export const VaccinationMemberSchema = Type.Object({
  vaccination_booking_id: Type.Integer(),
  first_name: text,
  last_name: text,
  date_of_birth: nullable(isoDate),
  address: nullable(text),
  city: nullable(text),
  province: nullable(text),
});
export type VaccinationMember = Static<typeof VaccinationMemberSchema>;

/**
 * An appointment as the app caches it (GET /admin/appointments-bookings): the spec's admin-list
 * fields, plus what the details modal shows (modal info and the booking's members), so the
 * modal opens offline. `date` is the pharmacy's calendar day, `start_time` its wall clock.
 * A Blocked slot has no person: those fields are null and `members` is empty.
 */
export const AppointmentSchema = Type.Object({
  appointment_id: Type.Integer(),
  appointment_type: AppointmentTypeSchema,
  date: isoDate,
  start_time: Type.String({ description: 'HH:MM:SS, pharmacy time' }),
  status: AppointmentStatusSchema,
  /** The patient's account behind the booking (null for a guest or a Blocked slot). */
  user_id: nullable(Type.Integer()),
  first_name: nullable(text),
  last_name: nullable(text),
  email: nullable(text),
  phone_number: nullable(text),
  /** The vaccine type of a vaccine booking. */
  vaccine: nullable(text),
  /** The consultation type (reason) of a consultation booking. */
  consultation: nullable(text),
  vaccine_id: nullable(Type.Integer()),
  consultation_id: nullable(Type.Integer()),
  date_of_birth: nullable(isoDate),
  address: nullable(text),
  city: nullable(text),
  province: nullable(text),
  number_of_people: Type.Integer({ minimum: 1 }),
  members: Type.Array(VaccinationMemberSchema),
});
export type Appointment = Static<typeof AppointmentSchema>;

/** A patient (the spec's "User"). */
export const UserSchema = Type.Object({
  user_id: Type.Integer(),
  first_name: text,
  last_name: text,
  email: nullable(text),
  phone_number: nullable(text),
  date_of_birth: nullable(isoDate),
  postal_code: nullable(text),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
});
export type User = Static<typeof UserSchema>;

/** A question from a patient (`user_id`) or a guest (`user_id` null). */
export const InquirySchema = Type.Object({
  message_id: Type.Integer(),
  user_id: nullable(Type.Integer()),
  first_name: nullable(text),
  last_name: nullable(text),
  email: nullable(text),
  phone_number: nullable(text),
  message: text,
  created_at: isoDateTime,
  resolved: Type.Boolean(),
  replied: Type.Boolean(),
  reply: nullable(text),
  ...assigneeFields,
});
export type Inquiry = Static<typeof InquirySchema>;

/** Longest staff name, in characters (issue 19; `npm run admin` refuses a longer one). */
export const STAFF_NAME_MAX = 80;

export const RoleResponseSchema = Type.Object({
  role: Type.Union([Type.Literal('admin'), Type.Literal('patient'), Type.Literal('none')]),
  /** An admin's staff name (issue 19), when their account has one; never given for other roles. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: STAFF_NAME_MAX })),
});
export type RoleResponse = Static<typeof RoleResponseSchema>;

/** Runtime settings the app reads from the server at start (no token needed). */
export const RuntimeConfigSchema = Type.Object({
  pharmacyName: text,
  timeZone: text,
  firebase: Type.Object({ apiKey: text, authDomain: text, projectId: text }),
  /** True when the server proxies the Firebase Auth emulator on its own origin. */
  authEmulator: Type.Boolean(),
  /** How many days the server remembers an Idempotency-Key (an older queued change may not replay safely). */
  idempotencyKeyDays: Type.Integer({ minimum: 1 }),
  /** How long a device may admit an admin offline after the role was last verified online (ms). */
  offlineTrustMs: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Lock the page after this long without input on the device (ms); 0: never. Optional for older servers. */
  idleLockAfterMs: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The server refuses tokens of a sign-in older than this (ms): 401 session_expired. */
  sessionMaxAgeMs: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;

export const ErrorBodySchema = Type.Object({
  error: Type.Object({ code: text, message: text }),
  /** On a 409 for a forbidden transition: the record as it now is. */
  record: Type.Optional(Type.Unknown()),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;
