import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionRecords } from '../../../../shared/collections';
import { PATIENT_LINKED, type PatientLinkedName } from '../../../offline/db';
import { shownRecordsOfPatient } from '../../../offline/shown';

export type PatientRecords = { [K in PatientLinkedName]: CollectionRecords[K][] };

/** A patient's own records on this device (their `user_id`), live; undefined while reading. */
export function usePatientRecords(userId: number | undefined): PatientRecords | undefined {
  return useLiveQuery(async () => {
    if (userId === undefined) return undefined;
    const lists = await Promise.all(
      PATIENT_LINKED.map(async (name) => {
        return [name, await shownRecordsOfPatient(name, userId)] as const;
      }),
    );
    return Object.fromEntries(lists) as PatientRecords;
  }, [userId]);
}
