// The access log (issue 18, DESIGN 8): append-only and hash-chained. Each entry's hash is SHA-256
// over the previous entry's hash and its own fields as RFC 8785 JSON, computed here; appends
// take the chain's head row (FOR UPDATE) inside the caller's transaction, so entries written by
// several server instances form one line, and an effect that rolls back leaves none. The
// database refuses UPDATE and DELETE (migration 007) except the purge's DELETE.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { AccessLogEntrySchema, type AccessAction, type AccessLogEntry } from '../../shared/access-log';
import type { Db, Sql } from '../db/client';

/** The previous hash of the very first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry as written by its caller; the log adds its number, arrival time and chain. */
export interface NewAccessEntry {
  actor_uid: string;
  actor_name: string | null;
  device_id: string | null;
  action: AccessAction;
  collection: string | null;
  record_id: number | null;
  patient_user_id: number | null;
  patient_name: string | null;
  detail: Record<string, unknown> | null;
  /** When it happened (an ISO instant); when the log received it when null. */
  occurred_at: string | null;
  offline: boolean;
}

export interface StoredAccessEntry extends AccessLogEntry {
  prev_hash: string;
  hash: string;
}

/** Every field of an entry as the screen shows it, in the table's order: what a hash covers. */
const ENTRY_FIELDS = Object.keys(AccessLogEntrySchema.properties) as (keyof AccessLogEntry)[];

export function entryHash(prevHash: string, entry: AccessLogEntry): string {
  const fields = Object.fromEntries(ENTRY_FIELDS.map((field) => [field, entry[field]]));
  return createHash('sha256').update(`${prevHash}\n${canonicalize(fields)}`).digest('hex');
}

/** "First Last" from a record's name fields, or null when it has none (a blocked slot). */
export function patientName(record: { first_name?: string | null; last_name?: string | null }): string | null {
  const name = [record.first_name, record.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

const COLUMNS = [...ENTRY_FIELDS, 'prev_hash', 'hash'].join(', ');

interface Head {
  id: number;
  hash: string;
}

/**
 * The chain's end as this process last moved it: a guess that spares reading the head first, and
 * that the append itself checks (a rolled-back transaction or another instance make it stale; the
 * append then reads the head under its lock and chains again).
 */
let lastKnown: Head | null = null;

/**
 * A statement run with an append, in the same statement: an `UPDATE … RETURNING 1` (storing an
 * Idempotency-Key's answer). The entries go in only if it updated a row.
 */
export interface Companion {
  text: string;
  params: unknown[];
}

/**
 * The append's CTEs, its parameters numbered from `$at`: the rows travel as one JSON parameter
 * (one statement for one entry or a device's hundred). The head moves only if it still is the
 * one the rows were chained after (and stays row-locked by that UPDATE until the transaction
 * ends), and, with a companion, only if the companion hit; the rows go in only if it moved.
 */
function appendCtes(at: number, guard: string | null): string {
  const p = (n: number) => `$${at + n}`;
  return `head AS (
    UPDATE access_log_head SET last_entry_id = ${p(1)}, last_hash = ${p(2)}
    WHERE last_entry_id = ${p(3)} AND last_hash = ${p(4)}${guard ? ` AND EXISTS (SELECT 1 FROM ${guard})` : ''}
    RETURNING 1
  ), added AS (
    INSERT INTO access_log (${COLUMNS})
    SELECT ${COLUMNS} FROM jsonb_to_recordset(${p(0)}::jsonb) AS e(
      entry_id bigint, actor_uid text, actor_name text, device_id text, action text, collection text,
      record_id integer, patient_user_id integer, patient_name text, detail jsonb,
      occurred_at timestamptz, received_at timestamptz, offline boolean, prev_hash text, hash text)
    WHERE EXISTS (SELECT 1 FROM head)
  )`;
}

const APPEND = `WITH ${appendCtes(1, null)} SELECT 1 AS hit, count(*)::int AS moved FROM head`;

function appendWithCompanion(companion: Companion): string {
  return `WITH companion AS (${companion.text}), ${appendCtes(companion.params.length + 1, 'companion')}
    SELECT (SELECT count(*) FROM companion)::int AS hit, (SELECT count(*) FROM head)::int AS moved`;
}

/**
 * `entries` chained after `head`, if the head still is there (and the companion, if any, hit):
 * whether the companion hit and whether the entries went in.
 */
async function appendAfter(
  tx: Sql,
  head: Head,
  entries: readonly NewAccessEntry[],
  now: string,
  companion?: Companion,
): Promise<{ hit: boolean; moved: boolean }> {
  let id = head.id;
  let prev = head.hash;
  const rows = entries.map((entry): StoredAccessEntry => {
    id += 1;
    const stored: AccessLogEntry = { ...entry, entry_id: id, occurred_at: entry.occurred_at ?? now, received_at: now };
    const hash = entryHash(prev, stored);
    const row = { ...stored, prev_hash: prev, hash };
    prev = hash;
    return row;
  });
  const params = [JSON.stringify(rows), id, prev, head.id, head.hash];
  const [result] = companion
    ? await tx.query<{ hit: number; moved: number }>(appendWithCompanion(companion), [...companion.params, ...params])
    : await tx.query<{ hit: number; moved: number }>(APPEND, params);
  const moved = result?.moved === 1;
  if (moved) lastKnown = { id, hash: prev };
  return { hit: result?.hit === 1, moved };
}

/**
 * Appends `entries` in order, in `tx`: one statement when this process wrote the chain's last
 * entry, else the head is read under its row lock first. The lock makes appends from several
 * instances take turns (every write transaction also holds the database's write lock,
 * db/client.ts: this stays right should that change). The arrival time is this server's clock.
 */
export async function appendAccessEntries(tx: Sql, entries: readonly NewAccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date().toISOString();
  const guess = lastKnown;
  if (guess && (await appendAfter(tx, guess, entries, now)).moved) return;
  const [head] = await tx.query<{ last_entry_id: number; last_hash: string }>(
    'SELECT last_entry_id, last_hash FROM access_log_head FOR UPDATE',
  );
  if (!head) throw new Error('access_log_head has no row (migration 007)');
  if (!(await appendAfter(tx, { id: Number(head.last_entry_id), hash: head.last_hash }, entries, now)).moved) {
    throw new Error('the access log head moved while locked');
  }
}

/**
 * Runs `companion` and appends `entries` in `tx`, in one statement when this process wrote the
 * chain's last entry (one round trip less under the write lock for every change); the entries go
 * in only if the companion hit. Whether it hit.
 */
export async function appendAccessEntriesWith(tx: Sql, entries: readonly NewAccessEntry[], companion: Companion): Promise<boolean> {
  const guess = lastKnown;
  if (entries.length === 0 || !guess) {
    const hit = (await tx.query(companion.text, companion.params)).length > 0;
    if (hit) await appendAccessEntries(tx, entries);
    return hit;
  }
  const { hit, moved } = await appendAfter(tx, guess, entries, new Date().toISOString(), companion);
  if (hit && !moved) await appendAccessEntries(tx, entries);
  return hit;
}

/** How many times an append outside a transaction chains again after another one moved the head. */
const ALONE_ATTEMPTS = 5;

/**
 * Appends `entries` in order as one statement of its own, outside any transaction (a read's
 * entries: nothing else is written with them, so they need neither a transaction nor the write
 * lock; the statement moves the head and inserts the rows together or not at all). When other
 * appends keep moving the head in between, it appends in a transaction under the head's lock.
 */
export async function appendAccessEntriesAlone(db: Db, entries: readonly NewAccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  for (let attempt = 0; attempt < ALONE_ATTEMPTS; attempt += 1) {
    let head = lastKnown;
    if (!head || attempt > 0) {
      const [row] = await db.query<{ last_entry_id: number; last_hash: string }>(
        'SELECT last_entry_id, last_hash FROM access_log_head',
      );
      if (!row) throw new Error('access_log_head has no row (migration 007)');
      head = { id: Number(row.last_entry_id), hash: row.last_hash };
    }
    if ((await appendAfter(db, head, entries, new Date().toISOString())).moved) return;
  }
  await db.transaction((tx) => appendAccessEntries(tx, entries));
}

// ----- Reading -----

export interface AccessLogFilter {
  /** Part of the patient's name, any case. */
  patient?: string;
  patientUserId?: number;
  actorUid?: string;
  action?: AccessAction;
  /** occurred_at from this instant… */
  from?: Date;
  /** …up to (not including) this one. */
  until?: Date;
}

/** `%`, `_` and `\` match themselves in the name search. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: AccessLogFilter, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.patient !== undefined) where.push(`patient_name ILIKE ${param(likeContaining(filter.patient))}`);
  if (filter.patientUserId !== undefined) where.push(`patient_user_id = ${param(filter.patientUserId)}`);
  if (filter.actorUid !== undefined) where.push(`actor_uid = ${param(filter.actorUid)}`);
  if (filter.action !== undefined) where.push(`action = ${param(filter.action)}`);
  if (filter.from !== undefined) where.push(`occurred_at >= ${param(filter.from.toISOString())}::timestamptz`);
  if (filter.until !== undefined) where.push(`occurred_at < ${param(filter.until.toISOString())}::timestamptz`);
  return where;
}

/**
 * One page of the entries matching `filter`, newest first by when they happened (an entry made
 * offline takes its place among the others when it arrives); `before` is the entry the previous
 * page ended with, `through` leaves out entries written after that one (an export's snapshot).
 */
export async function readAccessLog(
  db: Sql,
  filter: AccessLogFilter,
  page: { before?: number; through?: number; limit: number },
): Promise<AccessLogEntry[]> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  if (page.before !== undefined) {
    params.push(page.before);
    where.push(
      `(occurred_at, entry_id) < (SELECT occurred_at, entry_id FROM access_log WHERE entry_id = $${params.length})`,
    );
  }
  if (page.through !== undefined) {
    params.push(page.through);
    where.push(`entry_id <= $${params.length}`);
  }
  params.push(page.limit);
  return db.query<AccessLogEntry>(
    `SELECT ${ENTRY_FIELDS.join(', ')}
     FROM access_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY occurred_at DESC, entry_id DESC LIMIT $${params.length}`,
    params,
  );
}

/** How many entries match `filter`, and the newest entry written so far (an export's snapshot). */
export async function countAccessLog(db: Sql, filter: AccessLogFilter): Promise<{ count: number; through: number }> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  const [row] = await db.query<{ count: number; through: number }>(
    `SELECT (SELECT count(*) FROM access_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''})::int AS count,
       (SELECT last_entry_id FROM access_log_head) AS through`,
    params,
  );
  return row!;
}

/**
 * Everyone the log names as actor, with the name of their latest entry. A skip scan of the actor
 * index: one probe per actor, not a pass over the whole log.
 */
export async function accessLogActors(db: Sql): Promise<{ uid: string; name: string | null }[]> {
  return db.query<{ uid: string; name: string | null }>(
    `WITH RECURSIVE actors(uid) AS (
       (SELECT actor_uid FROM access_log ORDER BY actor_uid LIMIT 1)
       UNION ALL
       SELECT (SELECT actor_uid FROM access_log WHERE actor_uid > a.uid ORDER BY actor_uid LIMIT 1)
       FROM actors a WHERE a.uid IS NOT NULL
     )
     SELECT uid, (SELECT actor_name FROM access_log l WHERE l.actor_uid = actors.uid
                  ORDER BY occurred_at DESC, entry_id DESC LIMIT 1) AS name
     FROM actors WHERE uid IS NOT NULL ORDER BY name, uid`,
  );
}

// ----- The chain: verify and purge (npm run access-log) -----

export interface ChainReport {
  /** Entries checked. */
  entries: number;
  first: number | null;
  last: number | null;
  /** The hash the chain starts from: the genesis, or the anchor a purge recorded. */
  anchor: string;
  /** The first entry that does not match, and why; null when the whole chain holds. */
  problem: { entry_id: number; reason: string } | null;
}

/** "entry 12" or "entries 12 to 14", and the verb's number. */
function entriesWord(from: number, to: number): string {
  return from === to ? `entry ${from} is` : `entries ${from} to ${to} are`;
}

/** What a purge entry records in its detail. */
interface PurgeDetail {
  before: string;
  removed: number;
  first_removed: number;
  last_removed: number;
  /** The first entry kept, and the hash it chains to: where `verify` starts from. */
  anchor_entry_id: number;
  anchor_hash: string;
}

const VERIFY_PAGE = 2000;

/**
 * Checks the whole chain in entry order, a page at a time (never the whole log in memory): each
 * entry's previous hash is its predecessor's hash, each hash matches its fields, the first entry
 * starts from the genesis or from the anchor a purge recorded, and the last is the head's.
 */
export async function verifyChain(db: Sql, pageSize = VERIFY_PAGE): Promise<ChainReport> {
  const anchors = await db.query<{ detail: PurgeDetail }>(
    `SELECT detail FROM access_log WHERE action = 'purge' ORDER BY entry_id`,
  );
  const report: ChainReport = { entries: 0, first: null, last: null, anchor: GENESIS_HASH, problem: null };
  const fail = (entry_id: number, reason: string): ChainReport => ({ ...report, problem: { entry_id, reason } });
  let previous: StoredAccessEntry | null = null;
  for (;;) {
    const rows: StoredAccessEntry[] = await db.query<StoredAccessEntry>(
      `SELECT ${COLUMNS} FROM access_log WHERE entry_id > $1 ORDER BY entry_id LIMIT $2`,
      [previous?.entry_id ?? 0, pageSize],
    );
    for (const row of rows) {
      if (previous === null) {
        const anchored = anchors.some(
          ({ detail }) => detail.anchor_entry_id === row.entry_id && detail.anchor_hash === row.prev_hash,
        );
        const genesis = row.entry_id === 1 && row.prev_hash === GENESIS_HASH;
        if (!genesis && !anchored) {
          return fail(row.entry_id, 'the chain starts here, but no purge recorded it as the start: the entries before it were removed');
        }
        report.first = row.entry_id;
        report.anchor = row.prev_hash;
      } else if (row.prev_hash !== previous.hash) {
        return fail(
          row.entry_id,
          row.entry_id === previous.entry_id + 1
            ? `it does not chain to entry ${previous.entry_id} (one of the two was changed)`
            : `${entriesWord(previous.entry_id + 1, row.entry_id - 1)} missing`,
        );
      }
      if (entryHash(row.prev_hash, row) !== row.hash) {
        return fail(row.entry_id, 'its fields do not match its hash: it was changed after it was written');
      }
      report.entries += 1;
      report.last = row.entry_id;
      previous = row;
    }
    if (rows.length < pageSize) break;
  }
  const [head] = await db.query<{ last_entry_id: number; last_hash: string }>(
    'SELECT last_entry_id, last_hash FROM access_log_head',
  );
  const lastId = previous?.entry_id ?? 0;
  if (head && (head.last_entry_id !== lastId || (previous !== null && head.last_hash !== previous.hash))) {
    return fail(
      head.last_entry_id > lastId ? lastId + 1 : lastId,
      head.last_entry_id > lastId
        ? `${entriesWord(lastId + 1, head.last_entry_id)} missing from the end of the log`
        : `the log's head (entry ${head.last_entry_id}) does not end the chain`,
    );
  }
  return report;
}

export interface PurgeResult {
  removed: number;
  /** The purge's own entry, absent when nothing was removed. */
  entry_id: number | null;
  anchor_entry_id: number | null;
}

/**
 * Removes the entries received before `before`: the oldest part of the chain, so what is left
 * is still one line. The one DELETE the database allows (migration 007), and an entry saying
 * what went and the hash the chain now starts from, in the same transaction.
 */
export async function purgeBefore(
  db: Db,
  before: { instant: Date; label: string },
  actor: { uid: string; name: string },
): Promise<PurgeResult> {
  return db.transaction(async (tx) => {
    const [head] = await tx.query<{ last_entry_id: number; last_hash: string }>(
      'SELECT last_entry_id, last_hash FROM access_log_head FOR UPDATE',
    );
    const [cut] = await tx.query<{ first_kept: number | null }>(
      'SELECT min(entry_id) AS first_kept FROM access_log WHERE received_at >= $1::timestamptz',
      [before.instant.toISOString()],
    );
    // With nothing kept, the purge's own entry starts the chain, from the head's hash.
    const firstKept = cut?.first_kept ?? head!.last_entry_id + 1;
    await tx.query("SELECT set_config('pharmacy.access_log_purge', 'on', true)");
    const [gone] = await tx.query<{ removed: number; first_removed: number | null; last_removed: number | null }>(
      `WITH gone AS (DELETE FROM access_log WHERE entry_id < $1 RETURNING entry_id)
       SELECT count(*)::int AS removed, min(entry_id) AS first_removed, max(entry_id) AS last_removed FROM gone`,
      [firstKept],
    );
    await tx.query("SELECT set_config('pharmacy.access_log_purge', 'off', true)");
    if (!gone || gone.removed === 0) return { removed: 0, entry_id: null, anchor_entry_id: null };
    const [kept] = await tx.query<{ prev_hash: string }>('SELECT prev_hash FROM access_log WHERE entry_id = $1', [firstKept]);
    const detail: PurgeDetail = {
      before: before.label,
      removed: gone.removed,
      first_removed: gone.first_removed!,
      last_removed: gone.last_removed!,
      anchor_entry_id: firstKept,
      anchor_hash: kept?.prev_hash ?? head!.last_hash,
    };
    await appendAccessEntries(tx, [
      {
        actor_uid: actor.uid,
        actor_name: actor.name,
        device_id: null,
        action: 'purge',
        collection: null,
        record_id: null,
        patient_user_id: null,
        patient_name: null,
        detail: { ...detail },
        occurred_at: null,
        offline: false,
      },
    ]);
    return { removed: gone.removed, entry_id: head!.last_entry_id + 1, anchor_entry_id: firstKept };
  });
}
