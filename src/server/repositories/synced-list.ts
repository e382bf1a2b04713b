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
  /** SQL for a field that is not the base table's column of the same name (a rename, a join). */
  columns?: Record<string, string>;
  /** Joins after `FROM <table> t`, for those columns. A change in a joined table must bump `t`. */
  joins?: string;
  /** Order of the whole list. */
  orderBy: string;
}

const selects = new WeakMap<SyncedList, string>();

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
  const nulls = Object.keys(list.schema.properties)
    .map(() => 'NULL')
    .join(', ');
  const rows = await db.query<Record<string, unknown> & { _change_no: number; _deleted: number | null }>(
    `SELECT * FROM (
       (SELECT t.change_no AS _change_no, NULL::bigint AS _deleted, ${selectFields(list)}
          FROM ${fromClause(list)} WHERE t.change_no > $1 ORDER BY t.change_no LIMIT $2)
       UNION ALL
       (SELECT change_no, record_id, ${nulls}
          FROM tombstones WHERE entity = $3 AND change_no > $1 ORDER BY change_no LIMIT $2)
     ) AS changes ORDER BY _change_no LIMIT $2`,
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
