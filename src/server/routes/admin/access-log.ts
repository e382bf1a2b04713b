// The access log's reads (issue 18): the Access Log screen's page of entries, its CSV export
// (itself an entry) and the staff filter's list. Reading the log is not logged; exporting is.
// What every admin route records in it is in access.ts.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  ACCESS_LOG_EXPORT_PATH,
  ACCESS_LOG_PAGE_LIMIT,
  ACCESS_LOG_PATH,
  ACCESS_LOG_STAFF_PATH,
  AccessLogPageSchema,
  AccessLogQuerySchema,
  AccessLogStaffSchema,
  type AccessLogEntry,
  type AccessLogPage,
  type AccessLogQuery,
  type AccessLogStaff,
} from '../../../shared/access-log';
import type { User } from '../../../shared/entities';
import { addDays, calendarDate, zonedInstant } from '../../../shared/time';
import { staffNames } from '../../auth/staff';
import type { Sql } from '../../db/client';
import {
  accessLogActors,
  countAccessLog,
  readAccessLog,
  type AccessLogFilter,
} from '../../repositories/access-log';
import { SYNCED_LISTS } from '../../repositories/list-registry';
import { findRecord } from '../../repositories/synced-list';
import { recordAccess } from './access';
import { adminPath, badRequest } from './support';

/** The filters as the repository takes them, or a 400's message. */
function filterOf(query: AccessLogQuery, timeZone: string): AccessLogFilter | string {
  for (const key of ['from', 'to'] as const) {
    const day = query[key];
    if (day !== undefined && !calendarDate(day)) return `${key} is not a real date.`;
  }
  return {
    patient: query.patient,
    patientUserId: query.patient_user_id === undefined ? undefined : Number(query.patient_user_id),
    actorUid: query.staff,
    action: query.action,
    // The pharmacy's days, as its staff read them.
    from: query.from === undefined ? undefined : zonedInstant(query.from, '00:00:00', timeZone),
    until: query.to === undefined ? undefined : zonedInstant(addDays(query.to, 1), '00:00:00', timeZone),
  };
}

/** The filters an export was made with, as its entry records them. */
function filtersOf(query: AccessLogQuery): Record<string, string> {
  const { before: _before, limit: _limit, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

// ----- CSV (RFC 4180) -----

const CSV_COLUMNS: readonly (keyof AccessLogEntry)[] = [
  'entry_id',
  'occurred_at',
  'received_at',
  'actor_uid',
  'actor_name',
  'device_id',
  'action',
  'collection',
  'record_id',
  'patient_user_id',
  'patient_name',
  'offline',
  'detail',
];

/**
 * One field: quoted when it holds a comma, a quote or a line break (quotes doubled). Text that a
 * spreadsheet would run as a formula (a patient may type a name starting with "=") is led by an
 * apostrophe, which spreadsheets show as text.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

const EXPORT_PAGE = 1000;

/** The export's answer as the API description shows it (a stream: never serialized). */
const CSV_ANSWER = {
  description: `The matching entries as CSV with a header line (${CSV_COLUMNS.join(', ')}), newest first.`,
  content: { 'text/csv': { schema: { type: 'string' } } },
};

/** The export's rows a page at a time, as the answer is written: never the whole log in memory. */
async function* csvRows(db: Sql, filter: AccessLogFilter, through: number): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  let before: number | undefined;
  for (;;) {
    const rows = await readAccessLog(db, filter, { before, through, limit: EXPORT_PAGE });
    if (rows.length > 0) yield rows.map((row) => csvLine(CSV_COLUMNS.map((column) => row[column]))).join('');
    if (rows.length < EXPORT_PAGE) return;
    before = rows.at(-1)!.entry_id;
  }
}

/**
 * Everyone the log names, each by their name as the server knows it now (issue 19: a staff
 * member renamed, or named since their entries were written, is found by today's name), else by
 * the name their latest entry recorded. Sorted by what the filter shows.
 */
async function staffForFilter(db: Sql): Promise<AccessLogStaff['staff']> {
  const actors = await accessLogActors(db);
  const known = await staffNames(db, actors.map((actor) => actor.uid));
  return actors
    .map((actor) => ({ uid: actor.uid, name: known.get(actor.uid) ?? actor.name }))
    .sort((a, b) => (a.name ?? a.uid).localeCompare(b.name ?? b.uid) || a.uid.localeCompare(b.uid));
}

export const accessLogRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    adminPath(ACCESS_LOG_PATH),
    { schema: { querystring: AccessLogQuerySchema, response: { 200: AccessLogPageSchema } } },
    async (request, reply) => {
      const query = request.query as AccessLogQuery;
      const filter = filterOf(query, app.config.timeZone);
      if (typeof filter === 'string') return badRequest(reply, filter);
      const limit = Math.min(Number(query.limit ?? ACCESS_LOG_PAGE_LIMIT), ACCESS_LOG_PAGE_LIMIT);
      const rows = await readAccessLog(app.db, filter, {
        before: query.before === undefined ? undefined : Number(query.before),
        limit: limit + 1,
      });
      const entries = rows.slice(0, limit);
      const page: AccessLogPage = { entries, next: rows.length > limit ? String(entries.at(-1)!.entry_id) : null };
      return page;
    },
  );

  app.get(
    adminPath(ACCESS_LOG_EXPORT_PATH),
    { schema: { querystring: AccessLogQuerySchema, response: { 200: CSV_ANSWER } } },
    async (request, reply) => {
      const query = request.query as AccessLogQuery;
      const filter = filterOf(query, app.config.timeZone);
      if (typeof filter === 'string') return badRequest(reply, filter);
      // Counted outside the write transaction (a long count must not hold up every change), up
      // to the newest entry now: entries never change, so the rows sent are the rows counted.
      const { count, through } = await countAccessLog(app.db, filter);
      const patient =
        filter.patientUserId === undefined ? null : await findRecord<User>(app.db, SYNCED_LISTS.users, filter.patientUserId);
      await recordAccess(app.db, request, {
        action: 'export',
        patient: filter.patientUserId === undefined ? null : { ...patient, user_id: filter.patientUserId },
        detail: { count, filters: filtersOf(query) },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="access-log-${day}.csv"`)
        .send(Readable.from(csvRows(app.db, filter, through)));
    },
  );

  app.get(
    adminPath(ACCESS_LOG_STAFF_PATH),
    { schema: { response: { 200: AccessLogStaffSchema } } },
    async (): Promise<AccessLogStaff> => ({ staff: await staffForFilter(app.db) }),
  );
};
