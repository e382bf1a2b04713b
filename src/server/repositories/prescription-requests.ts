// Data access of the five prescription-request lists. Columns are selected from the shared
// entity schemas, so a field the API does not define (user_id, change_no, updated_at) never
// leaves the database layer.
import type { TObject } from 'typebox';
import type { CollectionName, CollectionRecords, DeltaPage } from '../../shared/collections';
import {
  AutofillEnrolmentSchema,
  NewPrescriptionSchema,
  RefillReminderSchema,
  RefillRequestSchema,
  TransferSchema,
} from '../../shared/entities';
import type { RequestStatus, TransitionResult } from '../../shared/request-status';
import type { Sql } from '../db/client';

interface TableInfo {
  /** Also the tombstone entity name (see the tombstone triggers). */
  table: string;
  keyColumn: string;
  schema: TObject;
  /** API field -> SQL column where they differ. */
  renamed?: Record<string, string>;
}

export const PRESCRIPTION_TABLES: Record<CollectionName, TableInfo> = {
  transfers: { table: 'transfers', keyColumn: 'transfer_id', schema: TransferSchema },
  refills: { table: 'refill_requests', keyColumn: 'id', schema: RefillRequestSchema },
  autofill: {
    table: 'autofill_enrolments',
    keyColumn: 'refill_id',
    schema: AutofillEnrolmentSchema,
    renamed: { refillId: 'refill_id' },
  },
  reminders: { table: 'refill_reminder_enrolments', keyColumn: 'id', schema: RefillReminderSchema },
  newPrescriptions: {
    table: 'new_prescriptions',
    keyColumn: 'prescription_id',
    schema: NewPrescriptionSchema,
  },
};

const selectLists = new Map<CollectionName, string>();
function selectList(name: CollectionName): string {
  let list = selectLists.get(name);
  if (!list) {
    const { schema, renamed } = PRESCRIPTION_TABLES[name];
    list = Object.keys(schema.properties)
      .map((field) => `${renamed?.[field] ?? field} AS "${field}"`)
      .join(', ');
    selectLists.set(name, list);
  }
  return list;
}

/** The whole list, newest first. */
export async function listRecords<K extends CollectionName>(
  db: Sql,
  name: K,
): Promise<CollectionRecords[K][]> {
  const { table, keyColumn } = PRESCRIPTION_TABLES[name];
  return db.query<CollectionRecords[K]>(
    `SELECT ${selectList(name)} FROM ${table} ORDER BY created_at DESC, ${keyColumn} DESC`,
  );
}

/**
 * What changed after change number `since`, rows and deletions merged in change order, at most
 * `limit` of them. One statement, so rows and tombstones come from the same snapshot; writers
 * commit in change-number order (db/client.ts), so nothing below the returned cursor can still
 * appear later.
 */
export async function listChanges<K extends CollectionName>(
  db: Sql,
  name: K,
  since: number,
  limit: number,
): Promise<DeltaPage<CollectionRecords[K]>> {
  const { table, schema } = PRESCRIPTION_TABLES[name];
  const nulls = Object.keys(schema.properties)
    .map(() => 'NULL')
    .join(', ');
  const rows = await db.query<Record<string, unknown> & { _change_no: number; _deleted: number | null }>(
    `SELECT * FROM (
       (SELECT change_no AS _change_no, NULL::bigint AS _deleted, ${selectList(name)}
          FROM ${table} WHERE change_no > $1 ORDER BY change_no LIMIT $2)
       UNION ALL
       (SELECT change_no, record_id, ${nulls}
          FROM tombstones WHERE entity = $3 AND change_no > $1 ORDER BY change_no LIMIT $2)
     ) AS changes ORDER BY _change_no LIMIT $2`,
    [since, limit + 1, table],
  );
  const page = rows.slice(0, limit);
  const items: CollectionRecords[K][] = [];
  const deleted: number[] = [];
  for (const { _change_no: _changeNo, _deleted: deletedId, ...record } of page) {
    if (deletedId === null) items.push(record as CollectionRecords[K]);
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

export type StatusChange<T> =
  | { kind: 'not_found' }
  | { kind: 'noop'; record: T }
  | { kind: 'forbidden'; record: T; from: RequestStatus; to: RequestStatus }
  | { kind: 'changed'; record: T };

/** The record, row-locked until `tx` ends, or undefined. */
export async function findRecordForUpdate<K extends CollectionName>(
  tx: Sql,
  name: K,
  id: number,
): Promise<CollectionRecords[K] | undefined> {
  const { table, keyColumn } = PRESCRIPTION_TABLES[name];
  const [row] = await tx.query<CollectionRecords[K]>(
    `SELECT ${selectList(name)} FROM ${table} WHERE ${keyColumn} = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** Who asked for a change: recorded in the audit trail with it. */
export interface Actor {
  uid: string;
  idempotencyKey: string | null;
}

/**
 * Apply the status machine under a row lock. A repeat of the current state writes nothing, so
 * the change number stays put and no device re-downloads the record. An effective change leaves
 * an audit event in the same transaction.
 */
export async function changeStatus<K extends CollectionName>(
  tx: Sql,
  name: K,
  id: number,
  decide: (from: RequestStatus) => TransitionResult,
  actor: Actor,
): Promise<StatusChange<CollectionRecords[K]>> {
  const current = await findRecordForUpdate(tx, name, id);
  if (!current) return { kind: 'not_found' };
  const result = decide(current.status);
  if (result.kind === 'noop') return { kind: 'noop', record: current };
  if (result.kind === 'forbidden') return { kind: 'forbidden', record: current, from: result.from, to: result.to };
  const { table, keyColumn } = PRESCRIPTION_TABLES[name];
  const [record] = await tx.query<CollectionRecords[K]>(
    `UPDATE ${table} SET status = $2, updated_at = now() WHERE ${keyColumn} = $1
     RETURNING ${selectList(name)}`,
    [id, result.to],
  );
  await tx.query(
    `INSERT INTO request_status_events
       (entity, record_id, from_status, to_status, actor_uid, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [table, id, current.status, result.to, actor.uid, actor.idempotencyKey],
  );
  return { kind: 'changed', record: record! };
}
