// Presence (issue 19 §2): who else has a record open, and who is writing a reply. A device says
// what it has open with one small POST per change of state (never per keystroke); the server
// keeps it in memory, tied to the device's open change stream, and tells every stream with a
// `presence` event. Nothing of it is written to the database.
import type { CollectionName } from './collections';

export const PRESENCE_PATH = '/admin/presence';

/** The lists whose records have a detail someone can have open. */
export const PRESENCE_LISTS = [
  'transfers',
  'refills',
  'autofill',
  'reminders',
  'newPrescriptions',
  'appointments',
  'users',
  'inquiries',
] as const satisfies readonly CollectionName[];
export type PresenceList = (typeof PRESENCE_LISTS)[number];

/** A tab's own id beside the device's (tabs of one browser share the device's stream). */
export const PRESENCE_TAB_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const PRESENCE_ID_MAX = 64;

/** `POST /admin/presence`: what this tab has open now (list and id both null: nothing). */
export interface PresenceState {
  tab: string;
  list: PresenceList | null;
  id: string | null;
  /** Writing a reply (inquiries). */
  typing: boolean;
}

/** One device's tab with a record open, as the streams tell it. */
export interface PresenceEntry {
  device: string;
  tab: string;
  uid: string;
  /** The staff name (or email when none is set). */
  name: string;
  list: PresenceList;
  id: string;
  typing: boolean;
}

/**
 * `event: presence` on the change stream: `all` (every entry, sent first on each stream), or
 * `set` (one tab's entry, new or changed), or `gone` (that tab has nothing open any more).
 */
export type PresenceEvent =
  | { all: PresenceEntry[] }
  | { set: PresenceEntry }
  | { gone: { device: string; tab: string } };

export const presenceKey = (entry: { device: string; tab: string }): string => `${entry.device}/${entry.tab}`;

/** "Priya Shah" → "PS"; "priya@example.com" → "P". */
export function initials(name: string): string {
  const words = name.split('@')[0]!.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}
