// Who else has a record open (issue 19 §2), from offline/presence.ts's entries: one person once
// per record however many of their tabs or devices have it (replying if any of them is), this
// device's own tabs left out.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { PresenceEntry, PresenceList } from '../../../shared/presence';
import { claimPresence, ownDevice, presenceEntries } from '../../offline/presence';

export interface PresentPerson {
  uid: string;
  name: string;
  typing: boolean;
}

function useEntries(): { entries: ReadonlyMap<string, PresenceEntry>; own: string | null } {
  const entries = useSyncExternalStore(presenceEntries.subscribe, presenceEntries.get);
  const own = useSyncExternalStore(ownDevice.subscribe, ownDevice.get);
  return { entries, own };
}

/** Record id → the people (other than this device) who have it open, in list `list`. */
export function peopleByRecord(entries: Iterable<PresenceEntry>, own: string | null, list: PresenceList): Map<string, PresentPerson[]> {
  const byRecord = new Map<string, Map<string, PresentPerson>>();
  for (const entry of entries) {
    if (entry.list !== list || entry.device === own) continue;
    const people = byRecord.get(entry.id) ?? new Map<string, PresentPerson>();
    const known = people.get(entry.uid);
    people.set(entry.uid, { uid: entry.uid, name: entry.name, typing: entry.typing || (known?.typing ?? false) });
    byRecord.set(entry.id, people);
  }
  const sorted = new Map<string, PresentPerson[]>();
  for (const [id, people] of byRecord) sorted.set(id, [...people.values()].sort((a, b) => a.name.localeCompare(b.name)));
  return sorted;
}

/** The people of every record of `list` (for its rows). */
export function useListPresence(list: PresenceList): Map<string, PresentPerson[]> {
  const { entries, own } = useEntries();
  return useMemo(() => peopleByRecord(entries.values(), own, list), [entries, own, list]);
}

const NOBODY: PresentPerson[] = [];

/** The people who have this record open, besides this device. */
export function useRecordPresence(list: PresenceList, id: string): PresentPerson[] {
  return useListPresence(list).get(id) ?? NOBODY;
}

/** This tab has the record open while mounted; `typing`: its person is writing a reply. */
export function useClaimPresence(list: PresenceList, id: string, typing: boolean): void {
  const claim = useRef<ReturnType<typeof claimPresence> | null>(null);
  useEffect(() => {
    const made = claimPresence(list, id);
    claim.current = made;
    return () => {
      made.release();
      claim.current = null;
    };
  }, [list, id]);
  useEffect(() => {
    claim.current?.setTyping(typing);
  }, [typing, list, id]);
}
