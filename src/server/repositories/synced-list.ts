// Data access shared by every list the app caches (src/shared/collections.ts): the whole list,
// or what changed after a change number (DESIGN.md section 3). A list is its base table (alias
// `t`, whose change_no and tombstones carry the list's changes) and the SQL for each API field;
// fields the API does not define (change_no, updated_at, firebase_uid) never leave here.
import type { TObject } from 'typebox';
import type { DeltaPage } from '../../shared/collections';
import type { Db, Sql } from '../db/client';

export interface SyncedList {
  /** The base table, aliased `t`; also the tombstone entity name (see the tombstone triggers). */
  table: string;
  keyColumn: string;
  /** The record as the API serves it: one SQL expression per property. */
  schema: TObject;
  /**
   * SQL for a field that is not the base table's column of the same name (a rename, a join), and
   * for every instant (`isoInstant`): on PGlite the database writes the lists' JSON.
   */
  columns?: Record<string, string>;
  /** Joins after `FROM <table> t`, for those columns. A change in a joined table must bump `t`. */
  joins?: string;
  /** Order of the whole list. */
  orderBy: string;
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
 * the list and at most `$2` tombstones of entity `$3`; each row's record as the API's columns, or
 * as one column `record` of its JSON text (a tombstone's are NULL).
 */
function changesAfter(list: SyncedList, shape: 'columns' | 'json'): string {
  const [record, from, deletion] =
    shape === 'json'
      ? ['to_json(r)::text AS record', `${fromClause(list)}, LATERAL (SELECT ${selectFields(list)}) r`, 'NULL']
      : [selectFields(list), fromClause(list), Object.keys(list.schema.properties).map(() => 'NULL').join(', ')];
  return `(
       (SELECT t.change_no AS _change_no, NULL::bigint AS _deleted, ${record}
          FROM ${from} WHERE t.change_no > $1 ORDER BY t.change_no LIMIT $2)
       UNION ALL
       (SELECT change_no, record_id, ${deletion}
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

// The answers of the list routes as JSON text, made where it costs least (measured at 500
// transfers a page). PGlite copies each field of each row out of its memory one at a time, which
// costs several times the query (7 ms a page; 3 ms with the JSON written by the database): there
// the database writes it. On PostgreSQL its JSON functions cost more than node-postgres and
// JSON.stringify (server and database together: 2.3 ms against 1.6 ms): there the rows are read.
// The same JSON either way: `r` and the rows hold exactly the list's fields, in schema order (byte
// for byte but the spacing PostgreSQL's json_build_object puts inside an appointment's members).

/** The whole list, as the JSON text of a bare array. */
export async function listJson(db: Db, list: SyncedList): Promise<string> {
  if (db.dialect !== 'pglite') return JSON.stringify(await listRecords(db, list));
  const [row] = await db.query<{ list: string }>(
    `SELECT '[' || COALESCE(string_agg(to_json(r)::text, ',' ORDER BY ${list.orderBy}), '') || ']' AS list
     FROM ${fromClause(list)}, LATERAL (SELECT ${selectFields(list)}) r`,
  );
  return row!.list;
}

/** `listChanges`, as the JSON text of its `DeltaPage`. */
export async function listChangesJson(db: Db, list: SyncedList, since: number, limit: number): Promise<string> {
  if (db.dialect !== 'pglite') return JSON.stringify(await listChanges(db, list, since, limit));
  // `listChanges` in one row: one change more than the page tells whether there are more.
  const [page] = await db.query<{ items: string; deleted: string; cursor: number | null; more: boolean }>(
    `SELECT
       '[' || COALESCE(string_agg(record, ',' ORDER BY change_no) FILTER (WHERE in_page AND deleted IS NULL), '') || ']' AS items,
       '[' || COALESCE(string_agg(deleted::text, ',' ORDER BY change_no) FILTER (WHERE in_page AND deleted IS NOT NULL), '')
         || ']' AS deleted,
       max(change_no) FILTER (WHERE in_page) AS cursor,
       count(*) > $4 AS more
     FROM (SELECT _change_no AS change_no, _deleted AS deleted, record,
             row_number() OVER (ORDER BY _change_no) <= $4 AS in_page
           FROM ${changesAfter(list, 'json')}
           ORDER BY _change_no LIMIT $2) AS page`,
    [since, limit + 1, list.table, limit],
  );
  const { items, deleted, cursor, more } = page!;
  return `{"items":${items},"deleted":${deleted},"cursor":"${cursor ?? since}","more":${more}}`;
}
