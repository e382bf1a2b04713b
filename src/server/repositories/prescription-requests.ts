// Data access of the five prescription-request lists: their list descriptions and the status
// machine's writes.
import type { PrescriptionCollectionName, PrescriptionRecords } from '../../shared/collections';
import {
  AutofillEnrolmentSchema,
  NewPrescriptionSchema,
  RefillReminderSchema,
  RefillRequestSchema,
  TransferSchema,
} from '../../shared/entities';
import type { RequestStatus } from '../../shared/request-status';
import type { Actor } from './actor';
import type { Sql } from '../db/client';
import { findRecord, isoInstant, selectFields, type SyncedList } from './synced-list';

const CREATED_AT = { created_at: isoInstant('t.created_at') };

/** The five prescription lists (the tombstone entity is the table name). */
export const PRESCRIPTION_TABLES: Record<PrescriptionCollectionName, SyncedList> = {
  transfers: {
    table: 'transfers',
    keyColumn: 'transfer_id',
    schema: TransferSchema,
    columns: CREATED_AT,
    orderBy: 't.created_at DESC, t.transfer_id DESC',
  },
  refills: {
    table: 'refill_requests',
    keyColumn: 'id',
    schema: RefillRequestSchema,
    columns: CREATED_AT,
    orderBy: 't.created_at DESC, t.id DESC',
  },
  autofill: {
    table: 'autofill_enrolments',
    keyColumn: 'refill_id',
    schema: AutofillEnrolmentSchema,
    columns: { ...CREATED_AT, refillId: 't.refill_id' },
    orderBy: 't.created_at DESC, t.refill_id DESC',
  },
  reminders: {
    table: 'refill_reminder_enrolments',
    keyColumn: 'id',
    schema: RefillReminderSchema,
    columns: CREATED_AT,
    orderBy: 't.created_at DESC, t.id DESC',
  },
  newPrescriptions: {
    table: 'new_prescriptions',
    keyColumn: 'prescription_id',
    schema: NewPrescriptionSchema,
    columns: CREATED_AT,
    orderBy: 't.created_at DESC, t.prescription_id DESC',
  },
};

/** The record, row-locked until `tx` ends, or undefined. */
export function findRecordForUpdate<K extends PrescriptionCollectionName>(
  tx: Sql,
  name: K,
  id: number,
): Promise<PrescriptionRecords[K] | undefined> {
  return findRecord<PrescriptionRecords[K]>(tx, PRESCRIPTION_TABLES[name], id, { forUpdate: true });
}

/**
 * Moves a locked record from `change.from` to `change.to` (the machine allowed it) and leaves its audit
 * event, in one statement: one round trip less under the write lock. A repeat is never written
 * (routes/admin/actions): an UPDATE of no change would still fire the list's change-feed trigger
 * (006_change_feed.sql) and wake every device for nothing.
 */
export async function writeStatus<K extends PrescriptionCollectionName>(
  tx: Sql,
  name: K,
  id: number,
  change: { from: RequestStatus; to: RequestStatus },
  actor: Actor,
): Promise<PrescriptionRecords[K]> {
  const list = PRESCRIPTION_TABLES[name];
  const [record] = await tx.query<PrescriptionRecords[K]>(
    `WITH changed AS (
       UPDATE ${list.table} t SET status = $2, updated_at = now() WHERE t.${list.keyColumn} = $1
       RETURNING ${selectFields(list)}
     ), event AS (
       INSERT INTO request_status_events (entity, record_id, from_status, to_status, actor_uid, idempotency_key, actor_name)
       VALUES ($3, $1, $4, $2, $5, $6, $7)
     )
     SELECT * FROM changed`,
    [id, change.to, list.table, change.from, actor.uid, actor.idempotencyKey, actor.name],
  );
  return record!;
}
