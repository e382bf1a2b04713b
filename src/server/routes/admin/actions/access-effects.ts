// POST /admin/access-log: what happened only on a device (a view from the cache, a list, a
// search, a whole sync, a password reset), queued with the outbox so entries made offline arrive
// too. Under the Idempotency-Key like every action: a batch sent twice is recorded once. Whose
// data each entry concerns is read here, from the record (or the patient) it names.
import type { AccessRecordBodySchema, DeviceAccessEntry } from '../../../../shared/access-log';
import type { CollectionName } from '../../../../shared/collections';
import type { Static } from 'typebox';
import type { Sql } from '../../../db/client';
import { SYNCED_LISTS } from '../../../repositories/list-registry';
import { findRecord } from '../../../repositories/synced-list';
import { accessEntry, occurrence, type AccessSubject } from '../access';
import type { ActionEffect } from './action-route';

type Patient = NonNullable<AccessSubject['patient']>;
interface PatientFields {
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
}

/** Text the database cannot hold in a JSON value: NUL, and halves of a surrogate pair. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(entries: readonly DeviceAccessEntry[]): string | null {
  for (const [i, entry] of entries.entries()) {
    for (const [key, value] of Object.entries(entry.detail ?? {})) {
      if (UNSTORABLE.test(key) || (typeof value === 'string' && UNSTORABLE.test(value))) {
        return `entries[${i}].detail holds a character that cannot be stored (NUL or half a surrogate pair).`;
      }
    }
  }
  return null;
}

/** Whose data an entry concerns: the record's patient, else the patient page's; looked up once per batch. */
function patients(tx: Sql) {
  const seen = new Map<string, Promise<Patient | null>>();
  const once = (key: string, find: () => Promise<Patient | null>) => {
    let found = seen.get(key);
    if (!found) seen.set(key, (found = find()));
    return found;
  };
  const ofRecord = (collection: CollectionName, id: number) =>
    once(`${collection}:${id}`, async () => (await findRecord<PatientFields>(tx, SYNCED_LISTS[collection], id)) ?? null);
  const ofUser = (id: number) => once(`patient:${id}`, async () => (await ofRecord('users', id)) ?? { user_id: id });
  return async (entry: DeviceAccessEntry): Promise<Patient | null> => {
    if (entry.collection !== null && entry.record_id !== null) {
      const record = await ofRecord(entry.collection as CollectionName, entry.record_id);
      if (record) return record;
    }
    return entry.patient_user_id === null ? null : ofUser(entry.patient_user_id);
  };
}

export const ACCESS_EFFECTS = {
  'access-record': {
    prepare: (args) => unstorable((args.body as Static<typeof AccessRecordBodySchema>).entries),
    run: async (tx, args, { app, access }) => {
      const { entries } = args.body as Static<typeof AccessRecordBodySchema>;
      const patientOf = patients(tx);
      const rows = [];
      for (const entry of entries) {
        rows.push(
          accessEntry(
            // The device's own word for each entry's time and whether it was offline.
            { ...access, claimed_occurred_at: undefined, ...occurrence(entry.occurred_at, app.config), offline: entry.offline },
            {
              action: entry.action,
              collection: entry.collection,
              record_id: entry.record_id,
              patient: await patientOf(entry),
              detail: entry.detail ?? null,
            },
          ),
        );
      }
      return { status: 200, body: { recorded: rows.length }, access: rows };
    },
  },
} satisfies Record<string, ActionEffect>;
