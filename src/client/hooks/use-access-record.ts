// Records what a screen shows in the access log (offline/access.ts): once when it appears, and
// again whenever it shows something else (another record, another search). The reading code is
// loaded on first use, off the sign-in screen's first paint.
import { useEffect, useState } from 'react';
import type { AccessEvent } from '../offline/access';

const record = (event: AccessEvent) =>
  void import('../offline/access').then(({ recordAccess }) => recordAccess(event)).catch(() => undefined);

/** `event` is recorded when it first appears and each time it changes; null records nothing. */
export function useAccessRecord(event: AccessEvent | null): void {
  const key = event ? JSON.stringify(event) : null;
  useEffect(() => {
    if (key) record(JSON.parse(key) as AccessEvent);
  }, [key]);
}

/** How long a search must rest before it counts as one (typing is not a search per key). */
const SEARCH_SETTLE_MS = 1500;

/** A list's search, recorded once the words have rested (never the empty search). */
export function useSearchRecord(collection: AccessEvent['collection'], words: string, by?: string): void {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(words.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [words]);
  useAccessRecord(
    settled ? { action: 'search', collection, record_id: null, patient_user_id: null, detail: by ? { query: settled.slice(0, 200), by } : { query: settled.slice(0, 200) } } : null,
  );
}
