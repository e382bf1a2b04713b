import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionRecords } from '../../../../shared/collections';
import { collectionTable, PATIENT_LINKED, type PatientLinkedName } from '../../../offline/db';
import { toView } from '../../../offline/cached-row';

export type PatientRecords = { [K in PatientLinkedName]: CollectionRecords[K][] };

/** A patient's own records on this device (their `user_id`), live; undefined while reading. */
export function usePatientRecords(userId: number | undefined): PatientRecords | undefined {
  return useLiveQuery(async () => {
    if (userId === undefined) return undefined;
    const lists = await Promise.all(
      PATIENT_LINKED.map(async (name) => {
        const rows = await collectionTable(name).where('user_id').equals(userId).toArray();
        return [name, rows.map((row) => toView(row))] as const;
      }),
    );
    return Object.fromEntries(lists) as PatientRecords;
  }, [userId]);
}
