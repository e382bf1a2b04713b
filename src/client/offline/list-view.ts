// One cached list in memory (`ListView`): its rows as the server sent them at stable positions,
// this device's unsent changes laid over them (overlay.ts), patched by each change rather than read
// again, and published as snapshots for the screens (view-store.ts keeps one per list and feeds it
// the changes of every context).
//
// Positions are stable: a changed record keeps its place, a new one is appended, a deleted one is
// replaced by the last row. Each published `rows` array is a fresh snapshot (React compares by
// identity); `changeOf(rows)` tells a derived index which positions differ from the previous one.
import { COLLECTIONS, type CollectionName } from '../../shared/collections';
import type { OutboxEntry } from './outbox-entry';
import { entriesByKey, overlay } from './overlay';
import type { OpenSegment } from './segments';
import { measureSince, timeNow } from './timing';

type Plain = Record<string, unknown>;

/** What one committed transaction did to one collection. */
export interface Change {
  /** Rows put, by key (the last put of a key in the transaction). */
  put: Map<number, Plain>;
  /** Keys deleted (and not put again after). */
  deleted: Set<number>;
  /** A range was deleted (a clear): the list is read again. */
  reload: boolean;
  /** The segments written (told to the other contexts, which read them). */
  segs: number[];
}

export function emptyChange(): Change {
  return { put: new Map(), deleted: new Set(), reload: false, segs: [] };
}

/** Lays a segment's rows, then its deletions, over what a transaction did before. */
export function addSegment(change: Change, segment: OpenSegment): void {
  const key = COLLECTIONS[segment.list].key;
  for (const row of segment.rows as Plain[]) {
    const rowKey = row[key] as number;
    change.deleted.delete(rowKey);
    change.put.set(rowKey, row);
  }
  for (const gone of segment.deleted) {
    change.put.delete(gone);
    change.deleted.add(gone);
  }
}

export interface RowsChange {
  /** The snapshot this one was patched from. */
  previous: readonly object[];
  /** Positions whose row differs from `previous` (changed, appended or moved into a hole). */
  touched: readonly number[];
}

const changes = new WeakMap<readonly object[], RowsChange>();

/** Two lists of one record's entries that show the same record. */
function sameEntries(a: readonly OutboxEntry[] | undefined, b: readonly OutboxEntry[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((entry, i) => {
    const other = b[i]!;
    return entry.id === other.id && entry.state === other.state && entry.answer?.at === other.answer?.at;
  });
}

/** How `rows` (a published snapshot) differs from the one before it; undefined: read whole. */
export function changeOf(rows: readonly object[]): RowsChange | undefined {
  return changes.get(rows);
}

/** A snapshot no longer the newest: its own step back is dropped, with what was mapped from it. */
function forgetStep(rows: readonly object[]): void {
  changes.delete(rows);
  mapped.get(rows)?.forEach((out) => changes.delete(out));
}

const mapped = new WeakMap<readonly object[], Map<(row: never) => object, readonly object[]>>();

/**
 * `rows.map(fn)` for a published snapshot, patched like it: when `rows` was patched from a
 * snapshot already mapped with the same `fn` (keep it stable), only the positions the patch
 * touched are mapped again, and the result says so (`changeOf`), so an index built on it is
 * patched in turn instead of built again.
 */
export function mapRows<T extends object, U extends object>(rows: readonly T[], fn: (row: T) => U): readonly U[] {
  const done = mapped.get(rows)?.get(fn) as readonly U[] | undefined;
  if (done) return done;
  const change = changes.get(rows);
  const before = change && (mapped.get(change.previous)?.get(fn) as readonly U[] | undefined);
  let out: U[];
  if (change && before) {
    out = before.slice(0, rows.length);
    for (const position of change.touched) out[position] = fn(rows[position]!);
    changes.set(out, { previous: before, touched: change.touched });
  } else {
    out = rows.map(fn);
  }
  let byFn = mapped.get(rows);
  if (!byFn) mapped.set(rows, (byFn = new Map()));
  byFn.set(fn, out);
  return out;
}

export type Reader = (name: CollectionName) => Promise<object[]>;
/** The outbox entries of a list (any order). */
export type EntryReader = (name: CollectionName) => Promise<OutboxEntry[]>;
/**
 * Changes closer together than this are shown together: a first sync pours in 20 pages a second,
 * and each snapshot costs the screens showing the list a render over 100,000 rows (its index, its
 * counts). A change after a quiet moment (a live update, an answer), or to an empty list, is shown
 * at once.
 */
const PUBLISH_GAP_MS = 250;

/** Counts the lists' first subscribers (watchedSince). */
let opened = 0;

export class ListView {
  /** The rows as the server sent them, at stable positions. */
  private base: Plain[] = [];
  /** What is shown at each position: the base row, or it with this device's changes laid over. */
  private rows: Plain[] = [];
  private positions = new Map<number, number>();
  /** This list's outbox entries per record key, in send order. */
  private entries = new Map<number, OutboxEntry[]>();
  /** Counts reads of the entries: only the latest one's answer is taken. */
  private entryTicket = 0;
  /** Counts entries patched in from this context's writes: a read begun before one reads again. */
  private entryPatches = 0;
  private snapshot: readonly object[] | undefined = undefined;
  private listeners = new Set<() => void>();
  /** Changes committed while the whole list is being read, replayed after it (in order). */
  private buffer: Change[] | null = null;
  private loaded = false;
  private epoch = 0;
  private openedAt = 0;
  /** Positions changed since the last snapshot, while changes come faster than PUBLISH_GAP_MS. */
  private unpublished: Set<number> | null = null;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private publishedAt = Number.NEGATIVE_INFINITY;

  private loadedListeners = new Set<() => void>();

  constructor(
    private readonly name: CollectionName,
    private readonly readAll: Reader,
    private readonly readEntries: EntryReader,
  ) {}

  get(): readonly object[] | undefined {
    return this.snapshot;
  }

  /** The record as shown now (with this device's changes), or undefined when the list lacks it. */
  shownRow(key: number): Plain | undefined {
    const position = this.positions.get(key);
    return position === undefined ? undefined : this.rows[position];
  }

  /** The record as the server last sent it, once the list is in memory (read now if need be). */
  async serverRow(key: number): Promise<Plain | undefined> {
    if (!this.loaded) {
      await new Promise<void>((resolve) => {
        this.loadedListeners.add(resolve);
        this.warm();
      });
    }
    const position = this.positions.get(key);
    return position === undefined ? undefined : this.base[position];
  }

  /** Bumped by each forget (a wipe, a clear): a read started before it is stale. */
  get generation(): number {
    return this.epoch;
  }

  /** When a screen began showing the list (a count, larger is later); null while none shows it. */
  watchedSince(): number | null {
    return this.listeners.size > 0 ? this.openedAt : null;
  }

  /** Whether this context holds (or is reading) the list: otherwise a change elsewhere is no news. */
  holds(): boolean {
    return this.loaded || this.buffer !== null;
  }

  subscribe(listener: () => void): () => void {
    if (this.listeners.size === 0) this.openedAt = (opened += 1);
    this.listeners.add(listener);
    this.warm();
    return () => this.listeners.delete(listener);
  }

  /** Reads the list unless it is held or being read (also before a screen subscribes: its first render can draw the rows). */
  warm(): void {
    if (!this.loaded && this.buffer === null) void this.load();
  }

  private keyOf(row: Plain): number {
    return row[COLLECTIONS[this.name].key] as number;
  }

  /** The row as a person sees it: the server's, with this device's changes to it laid over. */
  private shown(base: Plain): Plain {
    const entries = this.entries.get(this.keyOf(base));
    return entries ? overlay(base, entries) : base;
  }

  /** The outbox changed (here or in another context): the list's entries are read again. */
  async refreshEntries(): Promise<void> {
    if (!this.holds()) return;
    const epoch = this.epoch;
    const ticket = ++this.entryTicket;
    const patches = this.entryPatches;
    let next: OutboxEntry[];
    try {
      next = await this.readEntries(this.name);
    } catch {
      return; // Closed or wiped meanwhile: read again when next asked for.
    }
    if (epoch !== this.epoch || ticket !== this.entryTicket) return;
    // Read in a transaction that may have begun before a write patched in since: read again.
    if (patches !== this.entryPatches) return this.refreshEntries();
    this.applyEntries(entriesByKey(next));
  }

  /**
   * Entries this context has just written (added or changed) or deleted (by key): laid in without
   * reading the outbox again, which holds a thousand entries after a long day offline.
   */
  patchEntries(written: readonly OutboxEntry[], deleted: ReadonlySet<number>): void {
    if (!this.holds()) return;
    this.entryPatches += 1;
    const next = new Map(this.entries);
    if (deleted.size > 0) {
      for (const [key, list] of next) {
        if (!list.some((entry) => deleted.has(entry.seq ?? -1))) continue;
        const kept = list.filter((entry) => !deleted.has(entry.seq ?? -1));
        if (kept.length > 0) next.set(key, kept);
        else next.delete(key);
      }
    }
    for (const entry of written) {
      if (entry.recordKey === null) continue;
      const list = [...(next.get(entry.recordKey) ?? [])];
      const at = list.findIndex((other) => other.id === entry.id);
      if (at >= 0) list[at] = entry;
      else list.push(entry);
      list.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      next.set(entry.recordKey, list);
    }
    this.applyEntries(next);
  }

  /**
   * The list's outbox entries now (`next`): the records whose entries differ are shown again.
   * Entries are few (a queue, not a list), so they are compared whole.
   */
  private applyEntries(next: Map<number, OutboxEntry[]>): void {
    const before = this.entries;
    this.entries = next;
    if (!this.loaded) return;
    // Rows laid in but not yet shown go with this (a person's own change is shown at once).
    const touched = new Set<number>(this.unpublished);
    for (const key of new Set([...before.keys(), ...this.entries.keys()])) {
      if (sameEntries(before.get(key), this.entries.get(key))) continue;
      const position = this.positions.get(key);
      if (position === undefined) continue;
      this.rows[position] = this.shown(this.base[position]!);
      touched.add(position);
    }
    if (touched.size === 0) return;
    const previous = this.snapshot;
    this.publish(previous ? { previous, touched: [...touched] } : undefined);
  }

  private async load(): Promise<void> {
    const epoch = this.epoch;
    const started = timeNow();
    this.buffer = [];
    let all: object[];
    try {
      const ticket = ++this.entryTicket;
      const patches = this.entryPatches;
      const entries = await this.readEntries(this.name);
      if (epoch !== this.epoch) return;
      if (ticket === this.entryTicket) this.entries = entriesByKey(entries);
      if (patches !== this.entryPatches) void this.refreshEntries();
      all = await this.readAll(this.name);
    } catch (error) {
      if (epoch === this.epoch) this.buffer = null;
      this.settleLoaded();
      // The database is gone (wiped) or closed: the next subscriber tries again.
      console.warn(`Reading the cached ${this.name} failed`, error);
      return;
    }
    if (epoch !== this.epoch) return;
    this.base = all as Plain[];
    this.rows = this.base.map((row) => this.shown(row));
    this.positions = new Map(this.base.map((row, position) => [this.keyOf(row), position]));
    const buffered = this.buffer ?? [];
    this.buffer = null;
    this.loaded = true;
    // The read saw some of these already; replaying them all in commit order ends where the
    // database is (a put or delete by key is the last word on that key).
    for (const change of buffered) this.patch(change, null);
    this.publish(undefined);
    this.settleLoaded();
    measureSince(`view-read:${this.name}`, started, { rows: this.rows.length });
  }

  /** Those waiting for the list in memory go on (a failed read answers what there is: nothing). */
  private settleLoaded(): void {
    const waiting = [...this.loadedListeners];
    this.loadedListeners.clear();
    waiting.forEach((resolve) => resolve());
  }

  /** A transaction that wrote this collection committed. */
  apply(change: Change): void {
    if (this.buffer) {
      this.buffer.push(change);
      return;
    }
    if (!this.loaded) return;
    const started = timeNow();
    if (change.reload) {
      this.forget();
      if (this.listeners.size > 0) void this.load();
      return;
    }
    const touched = (this.unpublished ??= new Set());
    const before = touched.size;
    if (!this.patch(change, touched)) return;
    measureSince(`view:${this.name}`, started, { rows: this.rows.length, touched: touched.size - before });
    const wait = this.publishedAt + PUBLISH_GAP_MS - timeNow();
    // The first rows of an empty list are shown at once.
    if (wait <= 0 || this.snapshot?.length === 0) this.publishPending();
    else this.publishTimer ??= setTimeout(() => this.publishPending(), wait);
  }

  /** Shows the changes laid in since the last snapshot (the end of a sync does not wait for the gap). */
  publishPending(): void {
    const touched = this.unpublished;
    if (!touched || !this.loaded) return this.dropPending();
    const previous = this.snapshot;
    this.publish(previous ? { previous, touched: [...touched] } : undefined);
  }

  /** Nothing is waiting to be shown any more (it is shown, or the rows are dropped). */
  private dropPending(): void {
    if (this.publishTimer !== null) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    this.unpublished = null;
  }

  /** Lays a change over the rows; false when it changed nothing this context holds. */
  private patch(change: Change, touched: Set<number> | null): boolean {
    if (change.reload) {
      this.base = [];
      this.rows = [];
      this.positions.clear();
      return true;
    }
    let changed = change.put.size > 0;
    for (const [key, record] of change.put) {
      const position = this.positions.get(key);
      if (position === undefined) {
        this.positions.set(key, this.rows.length);
        touched?.add(this.rows.length);
        this.base.push(record);
        this.rows.push(this.shown(record));
      } else {
        this.base[position] = record;
        this.rows[position] = this.shown(record);
        touched?.add(position);
      }
    }
    for (const key of change.deleted) {
      const position = this.positions.get(key);
      if (position === undefined) continue;
      changed = true;
      this.positions.delete(key);
      const lastBase = this.base.pop() as Plain;
      const last = this.rows.pop() as Plain;
      touched?.delete(this.rows.length);
      if (position < this.rows.length) {
        this.base[position] = lastBase;
        this.rows[position] = last;
        this.positions.set(this.keyOf(lastBase), position);
        touched?.add(position);
      }
    }
    return changed;
  }

  private publish(change: RowsChange | undefined): void {
    this.dropPending();
    this.publishedAt = timeNow();
    const next = this.rows.slice();
    if (change) changes.set(next, change);
    // Only the step from the snapshot just before is kept: each step names its previous
    // snapshot, so older steps would keep every snapshot since the list was read in memory
    // (100,000 rows, 0.8 MB a snapshot, after every sync page and every live change).
    if (this.snapshot) forgetStep(this.snapshot);
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }

  /** Drops the in-memory copy (a wipe, a clear): it is read again when next asked for. */
  forget(): void {
    this.dropPending();
    this.epoch += 1;
    this.base = [];
    this.entries = new Map();
    this.rows = [];
    this.positions = new Map();
    this.buffer = null;
    this.loaded = false;
    this.settleLoaded();
    if (this.snapshot !== undefined) {
      this.snapshot = undefined;
      this.listeners.forEach((listener) => listener());
    }
  }
}
