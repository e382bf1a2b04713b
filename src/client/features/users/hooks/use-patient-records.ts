import { useMemo, useSyncExternalStore } from 'react';
import type { CollectionRecords } from '../../../../shared/collections';
import { PATIENT_LINKED, type PatientLinkedName } from '../../../offline/db';
import { collectionViews } from '../../../offline/view-store';

export type PatientRecords = { [K in PatientLinkedName]: CollectionRecords[K][] };

const views = PATIENT_LINKED.map((name) => collectionViews(name));
const subscribe = (listener: () => void) => {
  const stops = views.map((view) => view.subscribe(listener));
  return () => stops.forEach((stop) => stop());
};
let last: { lists: readonly (readonly object[] | undefined)[] } = { lists: views.map(() => undefined) };
/** The six lists in memory, as one snapshot that changes when one of them does. */
function snapshot(): typeof last {
  const lists = views.map((view) => view.get());
  return lists.every((list, i) => list === last.lists[i]) ? last : (last = { lists });
}

/** A patient's own records on this device (their `user_id`), live; undefined while reading. */
export function usePatientRecords(userId: number | undefined): PatientRecords | undefined {
  const { lists } = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    if (userId === undefined || lists.some((list) => list === undefined)) return undefined;
    return Object.fromEntries(
      PATIENT_LINKED.map((name, i) => [name, (lists[i] as { user_id?: number | null }[]).filter((row) => row.user_id === userId)]),
    ) as PatientRecords;
  }, [userId, lists]);
}
