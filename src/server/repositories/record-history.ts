// One record's history (issue 19, section 5), read from the access log: its changes, newest first
// by when they happened (an offline change takes its place by the device's time). A record's
// entries come through access_log_record (migration 013); a patient's through access_log_patient.
import { AccessLogEntrySchema, type AccessLogEntry } from '../../shared/access-log';
import { HISTORY_HIDDEN_ACTIONS, HISTORY_LIMIT } from '../../shared/record-history';
import type { Sql } from '../db/client';

const FIELDS = Object.keys(AccessLogEntrySchema.properties).join(', ');

export type HistorySubject = { collection: string; recordId: number } | { patientUserId: number };

export async function readRecordHistory(db: Sql, subject: HistorySubject, limit = HISTORY_LIMIT): Promise<AccessLogEntry[]> {
  const [where, params] =
    'patientUserId' in subject
      ? ['patient_user_id = $1', [subject.patientUserId]]
      : ['collection = $1 AND record_id = $2', [subject.collection, subject.recordId]];
  return db.query<AccessLogEntry>(
    `SELECT ${FIELDS} FROM access_log
     WHERE ${where} AND action <> ALL($${params.length + 1}::text[])
     ORDER BY occurred_at DESC, entry_id DESC LIMIT $${params.length + 2}`,
    [...params, [...HISTORY_HIDDEN_ACTIONS], limit],
  );
}
