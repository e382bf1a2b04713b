// The entities of spec section 3 as the API serves them (snake_case, the spec's field names).
// One schema each: the server validates and serializes with it, both sides take its type.
import Type, { type Static } from 'typebox';

const text = Type.String();
const isoDate = Type.String({ description: 'YYYY-MM-DD' });
const isoDateTime = Type.String({ description: 'ISO 8601 instant' });
export const RequestStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('completed'),
  Type.Literal('flagged'),
]);

const patientFields = {
  first_name: text,
  last_name: text,
  phone_number: text,
  email: Type.Union([text, Type.Null()]),
  date_of_birth: isoDate,
};

export const TransferSchema = Type.Object({
  transfer_id: Type.Integer(),
  ...patientFields,
  created_at: isoDateTime,
  postal_code: text,
  pharmacy_name: text,
  pharmacy_number: text,
  status: RequestStatusSchema,
});
export type Transfer = Static<typeof TransferSchema>;

const rxFields = {
  rx_number: text,
  ...patientFields,
  created_at: isoDateTime,
  status: RequestStatusSchema,
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
  notes: Type.Union([text, Type.Null()]),
  created_at: isoDateTime,
  status: RequestStatusSchema,
});
export type NewPrescription = Static<typeof NewPrescriptionSchema>;

export const RoleResponseSchema = Type.Object({
  role: Type.Union([Type.Literal('admin'), Type.Literal('patient'), Type.Literal('none')]),
});
export type RoleResponse = Static<typeof RoleResponseSchema>;

/** Runtime settings the app reads from the server at start (no token needed). */
export const RuntimeConfigSchema = Type.Object({
  pharmacyName: text,
  timeZone: text,
  firebase: Type.Object({ apiKey: text, authDomain: text, projectId: text }),
  /** True when the server proxies the Firebase Auth emulator on its own origin. */
  authEmulator: Type.Boolean(),
});
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;

export const ErrorBodySchema = Type.Object({
  error: Type.Object({ code: text, message: text }),
  /** On a 409 for a forbidden transition: the record as it now is. */
  record: Type.Optional(Type.Unknown()),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;
