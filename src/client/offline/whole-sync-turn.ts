// A first sync writes every list whole, thousands of records each; several at once share one main
// thread and one IndexedDB, so each finishes late. They take turns instead, the list the person
// opened last first: the list in front of them is whole in about half the time (issue 9), and the
// others follow. Delta syncs and the daily full read of a cached list never wait for a turn.
import { COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import { watchedSince } from './view-store';

interface Waiter {
  name: CollectionName;
  start: () => void;
}

const waiting: Waiter[] = [];
let taken = false;

/** Lower goes first: shown lists, the latest opened first, then the others in list order. */
function rank(name: CollectionName): number {
  const since = watchedSince(name);
  return since === null ? COLLECTION_NAMES.indexOf(name) : -since;
}

function handOn(): void {
  if (waiting.length === 0) {
    taken = false;
    return;
  }
  // Ranked when the turn frees, not when asked: the person may have opened another list since.
  const next = waiting.reduce((best, waiter) => (rank(waiter.name) < rank(best.name) ? waiter : best));
  waiting.splice(waiting.indexOf(next), 1);
  next.start();
}

/** Waits for this context's whole-list turn; call the returned release when the list is written. */
export async function wholeSyncTurn(name: CollectionName): Promise<() => void> {
  if (taken) await new Promise<void>((start) => waiting.push({ name, start }));
  taken = true;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    handOn();
  };
}
