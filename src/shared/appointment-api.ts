// Request and response shapes of the appointment calls (spec section 7) beyond the cached
// appointment record itself. The server validates requests with these schemas; a field's
// `description` completes the 400's sentence "<field> must be <description>.".
import Type, { type Static, type TSchema } from 'typebox';
import { AppointmentSchema } from './entities';
import { RecordIdParamSchema } from './prescription-api';

const text = Type.String();
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An item of `GET /admin/appointments`: what the calendar draws (cancelled ones left out). */
export const AppointmentSlotSchema = Type.Pick(AppointmentSchema, ['appointment_id', 'appointment_type', 'date', 'start_time']);
export type AppointmentSlot = Static<typeof AppointmentSlotSchema>;

/** The two kinds of booking behind an appointment, as the cancel paths write them. */
export const BOOKING_KINDS = ['vaccine', 'consultation'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** `{type}` of modal-info: the booking kind, in either case ('vaccine' or 'Vaccine'). */
const BookingTypeParamSchema = Type.Enum([...BOOKING_KINDS, 'Vaccine', 'Consultation']);

export const ModalInfoParamsSchema = Type.Object({
  appointmentId: RecordIdParamSchema,
  type: BookingTypeParamSchema,
});

/** The item of `GET /admin/appointments/modal-info/{appointmentId}/{type}` (an array of one). */
export const ModalInfoSchema = Type.Object({
  vaccine_type: nullable(text),
  consultation_type: nullable(text),
  first_name: text,
  last_name: text,
  phone_number: nullable(text),
  email: nullable(text),
  date_of_birth: nullable(text),
  address: nullable(text),
  city: nullable(text),
  province: nullable(text),
  number_of_people: Type.Integer({ minimum: 1 }),
  vaccine_id: nullable(Type.Integer()),
});
export type ModalInfo = Static<typeof ModalInfoSchema>;

export const VaccinationMembersParamsSchema = Type.Object({ vaccine_id: RecordIdParamSchema });

/** Path of `PUT /admin/appointments/cancel/{vaccine|consultation}/{id}`: the appointment's id. */
export const CancelParamsSchema = Type.Object({ id: RecordIdParamSchema });

const bookingId = Type.Integer({ minimum: 1, description: 'a positive whole number' });

/** Bodies of the two cancel calls: the booking the appointment belongs to. */
export const CancelBodySchemas = {
  vaccine: Type.Object({ vaccine_id: bookingId }),
  consultation: Type.Object({ consultation_id: bookingId }),
} as const;

/** 200 answer of a cancel: the appointment as it now is (the app's outbox rebases on it). */
export const CancelResponseSchema = AppointmentSchema;

/** The longest range one block or unblock may cover. */
export const MAX_RANGE_DAYS = 31;

/**
 * Body of block-range and unblock-range: the date and time parts of the selection's UTC ISO
 * strings (spec section 7 note), e.g. `2026-11-23` and `16:10:00.000Z`.
 */
const utcDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'a UTC date as YYYY-MM-DD' });
const utcTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?Z?$',
  description: 'a UTC time as HH:MM or HH:MM:SS',
});

export const RangeBodySchema = Type.Object({
  startDate: utcDate,
  startTime: utcTime,
  endDate: utcDate,
  endTime: utcTime,
});
export type RangeBody = Static<typeof RangeBodySchema>;

export const BlockRangeResponseSchema = Type.Object({
  /** Blocked slots created. */
  blocked: Type.Integer({ minimum: 1 }),
});
export type BlockRangeResponse = Static<typeof BlockRangeResponseSchema>;

export const UnblockRangeResponseSchema = Type.Object({
  /** Blocked slots removed (0 when the range held none). */
  unblocked: Type.Integer({ minimum: 0 }),
});
export type UnblockRangeResponse = Static<typeof UnblockRangeResponseSchema>;
