// The unsent changes as this context shows them (the nav bar's count, "Unsent changes", the
// offline banner, each list's marks), in memory. Read whole once, when first shown; then patched
// by what each transaction commits, in this context or another (a tab, the service worker: they
// send what they committed; view-store.ts tells it). A thousand changes queued after a day
// offline are not read again at every tap or every answer: that read, after each write, held the
// queue's own writes back (taps and the replay grew slower with every change queued).
import { db } from './db';
import { isUnsentChange, type OutboxEntry } from './outbox-entry';
import { onOutboxCommitted, type OutboxCommitted } from './view-store';

const NONE: readonly OutboxEntry[] = [];

let entries: readonly OutboxEntry[] = NONE;
/** Read at least once since the last wipe (patches before that have nothing to patch). */
let loaded = false;
let reading: Promise<void> | null = null;
/** Another context changed the outbox while a read was under way: read once more after it. */
let readAgain = false;
/** What this context committed while a read was under way, laid over what it read. */
let committedMeanwhile: OutboxCommitted[] | null = null;
/** Bumped by a wipe: a read begun before it shows nothing. */
let epoch = 0;
let warned = false;
const listeners = new Set<() => void>();

function publish(next: readonly OutboxEntry[]): void {
  entries = next;
  listeners.forEach((notify) => notify());
}

/**
 * `list` with what one transaction committed laid in, in send order. Each write carries the
 * whole entry, so a commit the list already holds changes nothing. A commit that touches no
 * unsent change (an access-log entry written or sent) gives back `list` itself: the same object
 * spares every screen that shows it a render.
 */
function applied(list: readonly OutboxEntry[], commit: OutboxCommitted): readonly OutboxEntry[] {
  if (commit.cleared) return list.length === 0 ? list : NONE;
  const bySeq = new Map(list.map((entry) => [entry.seq, entry]));
  let changed = false;
  for (const seq of commit.deleted) changed = bySeq.delete(seq) || changed;
  for (const entry of commit.written) {
    if (isUnsentChange(entry)) {
      changed ||= bySeq.get(entry.seq) !== entry;
      bySeq.set(entry.seq, entry);
    } else changed = bySeq.delete(entry.seq) || changed;
  }
  return changed ? [...bySeq.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) : list;
}

/** Nothing shown as queued; read again in a moment (the database closed or is being wiped) while anyone shows it. */
function showNothingUntilRead(): void {
  loaded = false;
  publish(NONE);
  setTimeout(() => {
    if (listeners.size > 0 && !loaded) void read();
  }, 1000);
}

function read(): Promise<void> {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    do {
      readAgain = false;
      const began = epoch;
      const meanwhile: OutboxCommitted[] = [];
      committedMeanwhile = meanwhile;
      try {
        const all: readonly OutboxEntry[] = await db.outbox.orderBy('seq').filter(isUnsentChange).toArray();
        if (began !== epoch) return;
        loaded = true;
        warned = false;
        publish(meanwhile.reduce(applied, all));
      } catch (error) {
        if (began !== epoch) return;
        // The database closed (a wipe) or failed: nothing is shown as queued that cannot be read.
        if (!warned) console.warn('Reading the unsent changes failed', error);
        warned = true;
        showNothingUntilRead();
        return;
      } finally {
        committedMeanwhile = null;
      }
    } while (readAgain && listeners.size > 0);
  })().finally(() => {
    reading = null;
  });
  return reading;
}

onOutboxCommitted((commit) => {
  if (!commit) {
    // Only a read tells what changed: now if shown, else when next shown.
    if (listeners.size > 0) void read();
    else loaded = false;
    return;
  }
  committedMeanwhile?.push(commit);
  if (!loaded) return;
  const next = applied(entries, commit);
  if (next !== entries) publish(next);
});

/** After a wipe: nothing of the old outbox stays in memory. */
export function forgetOutboxView(): void {
  epoch += 1;
  committedMeanwhile = null;
  showNothingUntilRead();
}

export const outboxView = {
  get: (): readonly OutboxEntry[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (!loaded) void read();
    return () => {
      listeners.delete(listener);
    };
  },
};
