// Data access shared by every list the app caches (src/shared/collections.ts): the whole list,
// or what changed after a change number (DESIGN.md section 3). A list is its base table (alias
// `t`, whose change_no and tombstones carry the list's changes) and the SQL for each API field;
// fields the API does not define (change_no, updated_at, firebase_uid) never leave here.
import type { TObject } from 'typebox';
import type { DeltaPage } from '../../shared/collections';
import type { Sql } from '../db/client';

export interface SyncedList {
  /** The base table, aliased `t`; also the tombstone entity name (see the tombstone triggers). */
  table: string;
  keyColumn: string;
  /** The record as the API serves it: one SQL expression per property. */
  schema: TObject;
  /**
   * SQL for a field that is not the base table's column of the same name (a rename, a join), and
   * for every instant (`isoInstant`): the lists' JSON may be written by the database.
   */
  columns?: Record<string, string>;
  /** Joins after `FROM <table> t`, for those columns. A change in a joined table must bump `t`. */
  joins?: string;
  /** Order of the whole list. */
  orderBy: string;
  /**
   * False for a list that holds no patient data (the saved replies): its downloads are not
   * access to patient data, so they leave no access-log entry.
   */
  patientData?: false;
}

const selects = new WeakMap<SyncedList, string>();

/**
 * SQL for an instant as the API writes it: UTC, milliseconds, `Z` (Date#toISOString; both
 * truncate microseconds), so a list's JSON written by the database carries it too.
 */
export function isoInstant(sql: string): string {
  return `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `<expr> AS "<field>", …` for every API field of the list. */
export function selectFields(list: SyncedList): string {
  let select = selects.get(list);
  if (!select) {
    select = Object.keys(list.schema.properties)
      .map((field) => `${list.columns?.[field] ?? `t.${field}`} AS "${field}"`)
      .join(', ');
    selects.set(list, select);
  }
  return select;
}

function fromClause(list: SyncedList): string {
  return `${list.table} t${list.joins ? ` ${list.joins}` : ''}`;
}

/** The whole list, or the rows matching `filter` (SQL over `t`, with $n parameters). */
export async function listRecords<T>(
  db: Sql,
  list: SyncedList,
  filter?: { where: string; params: unknown[] },
): Promise<T[]> {
  return db.query<T>(
    `SELECT ${selectFields(list)} FROM ${fromClause(list)} ${filter ? `WHERE ${filter.where}` : ''} ORDER BY ${list.orderBy}`,
    filter?.params,
  );
}

/** One record by key, row-locked (the base table's row) until `tx` ends when `forUpdate`. */
export async function findRecord<T>(
  db: Sql,
  list: SyncedList,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<T | undefined> {
  const [row] = await db.query<T>(
    `SELECT ${selectFields(list)} FROM ${fromClause(list)} WHERE t.${list.keyColumn} = $1
     ${options.forUpdate ? 'FOR UPDATE OF t' : ''}`,
    [id],
  );
  return row;
}

/**
 * The changes after `$1` as a subquery `changes(_change_no, _deleted, …)`: at most `$2` rows of
 * the list and at most `$2` tombstones of entity `$3`; with the API's columns of each row (a
 * tombstone's are NULL), or only the change numbers and deleted ids (`keys`).
 */
function changesAfter(list: SyncedList, shape: 'columns' | 'keys'): string {
  const [record, deletion] =
    shape === 'columns'
      ? [`, ${selectFields(list)}`, `, ${Object.keys(list.schema.properties).map(() => 'NULL').join(', ')}`]
      : ['', ''];
  return `(
       (SELECT t.change_no AS _change_no, NULL::bigint AS _deleted${record}
          FROM ${fromClause(list)} WHERE t.change_no > $1 ORDER BY t.change_no LIMIT $2)
       UNION ALL
       (SELECT change_no, record_id${deletion}
          FROM tombstones WHERE entity = $3 AND change_no > $1 ORDER BY change_no LIMIT $2)
     ) AS changes`;
}

/**
 * What changed after change number `since`, rows and deletions merged in change order, at most
 * `limit` of them. One statement, so rows and tombstones come from the same snapshot; writers
 * commit in change-number order (db/client.ts), so nothing below the returned cursor can still
 * appear later.
 */
export async function listChanges<T>(
  db: Sql,
  list: SyncedList,
  since: number,
  limit: number,
): Promise<DeltaPage<T>> {
  const rows = await db.query<Record<string, unknown> & { _change_no: number; _deleted: number | null }>(
    `SELECT * FROM ${changesAfter(list, 'columns')} ORDER BY _change_no LIMIT $2`,
    [since, limit + 1, list.table],
  );
  const page = rows.slice(0, limit);
  const items: T[] = [];
  const deleted: number[] = [];
  for (const { _change_no: _changeNo, _deleted: deletedId, ...record } of page) {
    if (deletedId === null) items.push(record as T);
    else deleted.push(deletedId);
  }
  const last = page.at(-1);
  return {
    items,
    deleted,
    cursor: String(last ? last._change_no : since),
    more: rows.length > limit,
  };
}

// The answers of the list routes as JSON text, written where it costs least (Sql.queryJson): the
// same JSON either way, since the rows hold exactly the list's fields, in schema order.

/** The whole list, as the JSON text of a bare array. */
export async function listJson(db: Sql, list: SyncedList): Promise<string> {
  return db.queryJson(`SELECT ${selectFields(list)} FROM ${fromClause(list)} ORDER BY ${list.orderBy}`);
}

/** How many rows the whole list holds now (what a whole sync from the start hands over). */
export async function listCount(db: Sql, list: SyncedList): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${fromClause(list)}`);
  return row?.n ?? 0;
}

/**
 * `listChanges`, as the JSON text of its `DeltaPage`. The page is worked out first (how far it
 * reaches, its deletions, whether more follow), then its rows are read up to that change number.
 * Two statements, yet the same page as one: writers commit in change-number order, so every
 * change up to the cursor was committed when the first ran, and a row changed since has moved
 * past the cursor, to the next page.
 */
export interface ChangesJson {
  /** The `DeltaPage` as JSON text. */
  json: string;
  /** Its cursor and whether more follow, as in the text. */
  cursor: number;
  more: boolean;
}

export async function listChangesJson(db: Sql, list: SyncedList, since: number, limit: number): Promise<ChangesJson> {
  const [page] = await db.query<{ cursor: number | null; deleted: string; rows: number; more: boolean }>(
    `SELECT max(_change_no) FILTER (WHERE in_page) AS cursor,
       COALESCE(string_agg(_deleted::text, ',' ORDER BY _change_no) FILTER (WHERE in_page AND _deleted IS NOT NULL), '')
         AS deleted,
       count(*) FILTER (WHERE in_page AND _deleted IS NULL)::int AS rows,
       count(*) > $4 AS more
     FROM (SELECT _change_no, _deleted, row_number() OVER (ORDER BY _change_no) <= $4 AS in_page
           FROM ${changesAfter(list, 'keys')}
           ORDER BY _change_no LIMIT $2) AS page`,
    [since, limit + 1, list.table, limit],
  );
  const { cursor, deleted, rows, more } = page!;
  const items =
    rows > 0
      ? await db.queryJson(
          `SELECT ${selectFields(list)} FROM ${fromClause(list)}
           WHERE t.change_no > $1 AND t.change_no <= $2 ORDER BY t.change_no`,
          [since, cursor],
        )
      : '[]';
  const end = cursor ?? since;
  return { json: `{"items":${items},"deleted":[${deleted}],"cursor":"${end}","more":${more}}`, cursor: Number(end), more };
}

/** `listChangesJson`'s answer when nothing changed after `since`. */
export function noChangesJson(since: number): string {
  return `{"items":[],"deleted":[],"cursor":"${since}","more":false}`;
}
