// A record's history (issue 19, section 5): the changes the access log holds for one record, or
// for one patient and their records, with who made them and when (on the device: a change made
// offline is timed when it was made). The log is the only source: every change a staff action
// makes is in it (routes/admin/actions/action-route.ts).
import Type, { type Static } from 'typebox';
import { AccessLogEntrySchema, type AccessAction } from './access-log';
import { RecordIdParamSchema } from './prescription-api';

/** The lists whose records have a History; `users` is a patient (their own changes and their records'). */
export const HISTORY_COLLECTIONS = ['transfers', 'refills', 'autofill', 'reminders', 'appointments', 'inquiries', 'users'] as const;
export type HistoryCollection = (typeof HISTORY_COLLECTIONS)[number];

/**
 * What a history leaves out: reads and the log's own housekeeping. A deny list, so an action
 * added later (an assignment) shows without a change here.
 */
export const HISTORY_HIDDEN_ACTIONS: readonly AccessAction[] = ['view', 'list', 'search', 'download', 'export', 'purge'];

/** The newest entries a history shows. */
export const HISTORY_LIMIT = 200;

/** `GET /admin/history/{collection}/{id}`. */
export const HISTORY_PATH = '/admin/history/:collection/:id';
export const historyPath = (collection: HistoryCollection, id: number) => `/admin/history/${collection}/${id}`;

export const HistoryParamsSchema = Type.Object({
  collection: Type.Enum(HISTORY_COLLECTIONS, { description: `one of ${HISTORY_COLLECTIONS.join(', ')}` }),
  id: RecordIdParamSchema,
});

/** Newest first by when each change happened (then by its place in the log). */
export const HistoryResponseSchema = Type.Object({ entries: Type.Array(AccessLogEntrySchema) });
export type HistoryResponse = Static<typeof HistoryResponseSchema>;

export const historyNotFoundMessage = (collection: string, id: string | number) => `${collection} ${id} was not found.`;
