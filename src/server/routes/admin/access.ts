// What every admin route records in the access log (issue 18): who asked (request.user), from
// which device (`Device-Id`), when (`Occurred-At` on a queued change) and whether it was made
// offline (`Made-Offline`), and whose data. The log's own reads are in access-log.ts.
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_PATTERN, OCCURRED_AT_MAX_AHEAD_MS, type AccessAction } from '../../../shared/access-log';
import { DEVICE_ID_HEADER, MADE_OFFLINE_HEADER, OCCURRED_AT_HEADER } from '../../../shared/constants';
import type { Config } from '../../config';
import { staffWords } from '../../auth/staff-name';
import type { Db } from '../../db/client';
import { appendAccessEntriesAlone, patientName, type NewAccessEntry } from '../../repositories/access-log';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an entry happened, as the server believes it. */
export interface Occurrence {
  /** Null: when the server received it. */
  occurred_at: string | null;
  /** A claimed instant the server did not believe (too far ahead, or too old to be replayed). */
  claimed_occurred_at?: string;
}

/**
 * A device's word for when something happened, within reason: not more than a few minutes ahead
 * of the server's clock (clocks disagree a little), nor older than the server keeps
 * Idempotency-Keys (the app replays nothing older). Otherwise the arrival time stands, and the
 * claim is kept beside it.
 */
export function occurrence(claimed: string | undefined, config: Pick<Config, 'idempotencyKeyDays'>, now = Date.now()): Occurrence {
  if (claimed === undefined || claimed === '') return { occurred_at: null };
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(claimed) ? Date.parse(claimed) : Number.NaN;
  const believed =
    Number.isFinite(instant) &&
    instant <= now + OCCURRED_AT_MAX_AHEAD_MS &&
    instant >= now - config.idempotencyKeyDays * DAY_MS;
  return believed ? { occurred_at: new Date(instant).toISOString() } : { occurred_at: null, claimed_occurred_at: claimed.slice(0, 40) };
}

/** Who is asking, from which device, when and whether offline: the same for every entry of a call. */
export interface RequestAccess extends Occurrence {
  actor_uid: string;
  actor_name: string | null;
  device_id: string | null;
  offline: boolean;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

export function requestAccess(request: FastifyRequest, config: Pick<Config, 'idempotencyKeyDays'>): RequestAccess {
  const device = header(request, DEVICE_ID_HEADER);
  return {
    actor_uid: request.user.uid,
    // The staff name as it is now (issue 19); an account granted before names existed is
    // named by its email.
    actor_name: staffWords(request.user),
    device_id: device !== undefined && DEVICE_ID_PATTERN.test(device) ? device : null,
    offline: header(request, MADE_OFFLINE_HEADER) === '1',
    ...occurrence(header(request, OCCURRED_AT_HEADER), config),
  };
}

/** What one entry is about; whose data comes from a record's (or a patient's) own fields. */
export interface AccessSubject {
  action: AccessAction;
  collection?: string | null;
  record_id?: number | null;
  patient?: { user_id?: number | null; first_name?: string | null; last_name?: string | null } | null;
  detail?: Record<string, unknown> | null;
}

/** The entry of `subject` made by the caller `access` describes. */
export function accessEntry(access: RequestAccess, subject: AccessSubject): NewAccessEntry {
  const detail = access.claimed_occurred_at
    ? { ...subject.detail, claimed_occurred_at: access.claimed_occurred_at }
    : (subject.detail ?? null);
  return {
    actor_uid: access.actor_uid,
    actor_name: access.actor_name,
    device_id: access.device_id,
    action: subject.action,
    collection: subject.collection ?? null,
    record_id: subject.record_id ?? null,
    patient_user_id: subject.patient?.user_id ?? null,
    patient_name: subject.patient ? patientName(subject.patient) : null,
    detail,
    occurred_at: access.occurred_at,
    offline: access.offline,
  };
}

/** Reads' entries waiting for the next append, per database, and whoever waits on them. */
interface Batch {
  entries: NewAccessEntry[];
  done: Promise<void>;
}
const waiting = new WeakMap<Db, Batch>();
const appending = new WeakMap<Db, Promise<void>>();

/**
 * Appends the batch gathering for `db` at the end of this turn of the event loop, once the append
 * under way (if any) has ended: reads that arrive together share one statement (a group commit).
 * The embedded database runs in this thread, so without the turn's wait an append would always
 * end before the next request is read, and every read would pay for a statement of its own.
 */
function joinBatch(db: Db, entry: NewAccessEntry): Promise<void> {
  const gathering = waiting.get(db);
  if (gathering) {
    gathering.entries.push(entry);
    return gathering.done;
  }
  const entries = [entry];
  const before = (appending.get(db) ?? Promise.resolve()).catch(() => undefined);
  const turn = new Promise((resolve) => setImmediate(resolve));
  const done = Promise.all([before, turn]).then(() => {
    // From here on, entries gather into the next batch.
    waiting.delete(db);
    return appendAccessEntriesAlone(db, entries);
  });
  waiting.set(db, { entries, done });
  appending.set(db, done);
  return done;
}

/**
 * Records `subject` for the caller of `request` (a read's entry), resolving once it is in the
 * log: the answer waits for its entry, as a change's does.
 */
export function recordAccess(db: Db, request: FastifyRequest, subject: AccessSubject): Promise<void> {
  return joinBatch(db, accessEntry(requestAccess(request, request.server.config), subject));
}
