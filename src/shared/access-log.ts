// The access log (issue 18, DESIGN 8): who viewed, listed, searched, changed, notified, replied,
// exported… whose data, when (on the device, and when the server received it), from which device,
// and whether it was made offline. The server writes what it sees (changes, whole-list downloads
// and syncs from the start, exports); the device queues what happens only on it (views from the
// cache, lists, searches, password resets) through the outbox, so offline ones arrive too,
// exactly once.
import Type, { type Static } from 'typebox';
import { COLLECTION_NAMES } from './collections';

/** What a device records by itself (everything else the server records as it happens). */
export const DEVICE_ACCESS_ACTIONS = ['view', 'list', 'search', 'password-reset'] as const;
export type DeviceAccessAction = (typeof DEVICE_ACCESS_ACTIONS)[number];

/** Every kind of entry in the log. */
export const ACCESS_ACTIONS = [
  ...DEVICE_ACCESS_ACTIONS,
  'download',
  'status',
  'notify',
  'reply',
  'resolve',
  'unresolve',
  'cancel',
  'block',
  'unblock',
  // Claims and assignment (issue 19): the detail names the assignee.
  'assign',
  'unassign',
  'take-over',
  'export',
  'purge',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

const nullable = <T extends ReturnType<typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One entry as a device sends it; the server adds who, which device, when it arrived, whose data. */
export const DeviceAccessEntrySchema = Type.Object({
  action: Type.Enum(DEVICE_ACCESS_ACTIONS),
  /** The list concerned (a view's record is in it). */
  collection: Type.Union([Type.Enum(COLLECTION_NAMES as unknown as readonly string[]), Type.Null()]),
  /** The record viewed (its key in the list). */
  record_id: nullable(Type.Integer({ minimum: 1 })),
  /** A patient page viewed (users.user_id), when no record says whose data it is. */
  patient_user_id: nullable(Type.Integer({ minimum: 1 })),
  /** A list's count, a search's words. */
  detail: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]))),
  occurred_at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$', description: 'an ISO 8601 instant in UTC' }),
  offline: Type.Boolean(),
});
export type DeviceAccessEntry = Static<typeof DeviceAccessEntrySchema>;

/** Body of `POST /admin/access-log`: entries queued on a device. */
export const AccessRecordBodySchema = Type.Object({
  entries: Type.Array(DeviceAccessEntrySchema, { minItems: 1, maxItems: 100 }),
});

export const AccessRecordResponseSchema = Type.Object({ recorded: Type.Integer({ minimum: 0 }) });

/** One entry of the log as the Access Log screen shows it. */
export const AccessLogEntrySchema = Type.Object({
  entry_id: Type.Integer(),
  actor_uid: Type.String(),
  /** The staff member's name when the entry was written (issue 19), or their email when their account had none. */
  actor_name: Type.Union([Type.String(), Type.Null()]),
  device_id: Type.Union([Type.String(), Type.Null()]),
  action: Type.Enum(ACCESS_ACTIONS),
  collection: Type.Union([Type.String(), Type.Null()]),
  record_id: Type.Union([Type.Integer(), Type.Null()]),
  patient_user_id: Type.Union([Type.Integer(), Type.Null()]),
  patient_name: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  occurred_at: Type.String(),
  received_at: Type.String(),
  offline: Type.Boolean(),
});
export type AccessLogEntry = Static<typeof AccessLogEntrySchema>;

// The request headers for the log (Device-Id, Occurred-At, Made-Offline) are in constants.ts: the
// app's HTTP client reads them without this file's schemas.

/**
 * A `Device-Id` the server records: 1 to 100 letters, digits or '-' (a UUID fits). Any other value
 * is recorded as no device rather than refusing the call (a change must not be lost to it).
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{1,100}$/;
/**
 * How far ahead of the server's clock an `Occurred-At` (or an entry's occurred_at) may be; one
 * further ahead, or older than the server keeps Idempotency-Keys, is not believed: the entry is
 * timed when it arrived, and the claimed instant kept in its detail (`claimed_occurred_at`).
 */
export const OCCURRED_AT_MAX_AHEAD_MS = 5 * 60 * 1000;

/** The Access Log screen's reads (the log itself is written by `POST /admin/access-log`). */
export const ACCESS_LOG_PATH = '/admin/access-log';
export const ACCESS_LOG_EXPORT_PATH = '/admin/access-log/export.csv';
export const ACCESS_LOG_STAFF_PATH = '/admin/access-log/staff';
/** Largest page of `GET /admin/access-log` (and its default). */
export const ACCESS_LOG_PAGE_LIMIT = 500;

const isoDay = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/**
 * The filters of `GET /admin/access-log` and of its CSV export, all optional; query values are
 * strings. Days are the pharmacy's (PHARMACY_TIMEZONE), both ends included.
 */
export const AccessLogQuerySchema = Type.Object({
  /** Part of the patient's name, any case. */
  patient: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  patient_user_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  /** A staff member's uid (from `GET /admin/access-log/staff`). */
  staff: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  action: Type.Optional(Type.Enum(ACCESS_ACTIONS)),
  from: Type.Optional(isoDay('first day, YYYY-MM-DD')),
  to: Type.Optional(isoDay('last day, YYYY-MM-DD')),
  /** The `next` of the page before (the list only). */
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
  /** At most ACCESS_LOG_PAGE_LIMIT (the list only). */
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })),
});
export type AccessLogQuery = Static<typeof AccessLogQuerySchema>;

/** `GET /admin/access-log`: newest first (when it happened); `next` is the `before` of the next page. */
export const AccessLogPageSchema = Type.Object({
  entries: Type.Array(AccessLogEntrySchema),
  next: Type.Union([Type.String(), Type.Null()]),
});
export type AccessLogPage = Static<typeof AccessLogPageSchema>;

/**
 * `GET /admin/access-log/staff`: everyone the log names as actor, for the staff filter, by the
 * name the server knows for them now, else the name of their latest entry.
 */
export const AccessLogStaffSchema = Type.Object({
  staff: Type.Array(Type.Object({ uid: Type.String(), name: Type.Union([Type.String(), Type.Null()]) })),
});
export type AccessLogStaff = Static<typeof AccessLogStaffSchema>;
