// The cached lists in memory, patched by the change instead of re-read (issue 9). Every write of a
// list's segment (segments.ts) passes through the Dexie middleware below; when its transaction
// commits, the rows it put and the keys it deleted patch the list's in-memory copy in place. A
// list is read whole from IndexedDB once (the first time a screen asks for it: one range read of
// its segments), never again after each sync page or outbox answer. Other contexts (tabs, the
// sync worker, the service worker) say which segments they wrote on a BroadcastChannel; this
// context reads just those.
//
// Rows are kept as the server sent them; this device's unsent (or just answered) changes are laid
// over them here (overlay.ts), from the outbox entries of the list, which the same middleware
// sees change. So a sync writes rows without reading the outbox, and a queued change writes only
// the outbox.
//
// Positions are stable: a changed record keeps its place, a new one is appended, a deleted one is
// replaced by the last row. Each published `rows` array is a fresh snapshot (React compares by
// identity); `changeOf(rows)` tells a derived index which positions differ from the previous one.
import type { DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTransaction, Middleware, DBCore } from 'dexie';
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import type { OutboxEntry } from './outbox-entry';
import { entriesByKey, overlay } from './overlay';
import { SEGMENT_ROWS, type Segment } from './segments';
import { measureSince, timeNow } from './timing';

type Plain = Record<string, unknown>;

/** What one committed transaction did to one collection. */
interface Change {
  /** Rows put, by key (the last put of a key in the transaction). */
  put: Map<number, Plain>;
  /** Keys deleted (and not put again after). */
  deleted: Set<number>;
  /** A range was deleted (a clear): the list is read again. */
  reload: boolean;
  /** The segments written (told to the other contexts, which read them). */
  segs: number[];
}

function emptyChange(): Change {
  return { put: new Map(), deleted: new Set(), reload: false, segs: [] };
}

/** Lays a segment's rows, then its deletions, over what a transaction did before. */
function addSegment(change: Change, segment: Segment): void {
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

type Reader = (name: CollectionName) => Promise<object[]>;
/** The outbox entries of a list (any order). */
type EntryReader = (name: CollectionName) => Promise<OutboxEntry[]>;
/**
 * Changes closer together than this are shown together: a first sync pours in 20 pages a second,
 * and each snapshot costs the screens showing the list a render over 100,000 rows (its index, its
 * counts). A change after a quiet moment (a live update, an answer), or to an empty list, is shown
 * at once.
 */
const PUBLISH_GAP_MS = 250;

/** Segments of a list by number (undefined: compacted away since). */
type SegmentReader = (name: CollectionName, segs: number[]) => Promise<(Segment | undefined)[]>;

class ViewStore {
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
    if (this.publishTimer !== null) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    const touched = this.unpublished;
    this.unpublished = null;
    if (!touched || !this.loaded) return;
    const previous = this.snapshot;
    this.publish(previous ? { previous, touched: [...touched] } : undefined);
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
    if (this.publishTimer !== null) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    this.unpublished = null;
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
    if (this.publishTimer !== null) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    this.unpublished = null;
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

const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);
/** Counts the lists' first subscribers (watchedSince). */
let opened = 0;
let stores: Map<CollectionName, ViewStore> | null = null;
/**
 * The readers come from db.ts when it installs the middleware. A screen that subscribes before
 * that (module order in a build is not ours to fix) waits for them: an empty answer would show
 * an empty list as read and complete.
 */
let readersInstalled!: () => void;
const installed = new Promise<void>((resolve) => (readersInstalled = resolve));
let readAll: Reader = (name) => installed.then(() => readAll(name));
let readSegs: SegmentReader = (name, segs) => installed.then(() => readSegs(name, segs));
let readEntries: EntryReader = (name) => installed.then(() => readEntries(name));

function storeOf(name: CollectionName): ViewStore {
  stores ??= new Map();
  let store = stores.get(name);
  if (!store) {
    store = new ViewStore(
      name,
      (n) => readAll(n),
      (n) => readEntries(n),
    );
    stores.set(name, store);
  }
  return store;
}

/** The live in-memory list of a collection (for useSyncExternalStore). */
export function collectionViews(name: CollectionName): {
  get: () => readonly object[] | undefined;
  subscribe: (listener: () => void) => () => void;
} {
  const store = storeOf(name);
  return { get: () => store.get(), subscribe: (listener) => store.subscribe(listener) };
}

/** One record as shown now, from the list in memory (read `collectionViews(name)` to follow it). */
export function shownRow(name: CollectionName, key: number): object | undefined {
  return storeOf(name).shownRow(key);
}

/** One record as the server last sent it (the list is read into memory first if need be). */
export function serverRow(name: CollectionName, key: number): Promise<object | undefined> {
  return storeOf(name).serverRow(key);
}

/**
 * When a screen began showing this list (larger is later), null if none shows it: the list the
 * person opened last is written first (whole-sync-turn.ts). The bell and the app badge show the
 * transfers and the inquiries from the start, so "shown at all" would rank them first always.
 */
export function watchedSince(name: CollectionName): number | null {
  return stores?.get(name)?.watchedSince() ?? null;
}

/** After a wipe: nothing of the old database stays in memory. */
export function forgetCollectionViews(): void {
  stores?.forEach((store) => store.forget());
}

// ---- Other contexts ---------------------------------------------------------------------------

const CHANNEL = 'pharmacy-collection-changes';
/** Which segments of a list a commit wrote (or that the list is to be read again). */
interface ListMessage {
  collection: CollectionName;
  segs: number[];
  reload: boolean;
  /** The context that wrote them, when it also sends its rows to one page (the sync worker). */
  origin?: string;
}
type ChangeMessage =
  | ListMessage
  /** What a transaction committed to the outbox (`true` from a tab of an earlier version: read it again). */
  | { outbox: OutboxCommitted | true };
let channel: BroadcastChannel | null = null;

/** Every list held here reads its outbox entries again. */
function outboxChanged(): void {
  stores?.forEach((store) => void store.refreshEntries());
}

/** What a commit wrote to a list, as rows: sent by the sync worker to the page that started it. */
export interface WrittenRows {
  collection: CollectionName;
  rows: object[];
  deleted: number[];
  reload: boolean;
}

/** In the sync worker: its name on the channel, and where it sends the rows it writes. */
let sendsRows: { origin: string; send: (written: WrittenRows) => void } | null = null;
/** In a page: the contexts whose rows come to it directly (its sync worker), not to be read back. */
const rowsComeFrom = new Set<string>();

/**
 * The sync worker sends what each commit wrote to the page that started it, which lays the rows
 * in as they are (applyWrittenRows) rather than reading them back from IndexedDB: the page's reads
 * would queue behind, and hold back, the worker's next writes. Other contexts read them back.
 */
export function sendWrittenRows(origin: string, send: (written: WrittenRows) => void): void {
  sendsRows = { origin, send };
}

/** A page: the rows written by `origin` come to it directly; its channel messages are no news. */
export function takeWrittenRowsFrom(origin: string): void {
  rowsComeFrom.add(origin);
}

function announce(collection: CollectionName, change: Change): void {
  if (sendsRows) {
    // In messages of a segment's rows at most: each is a short task for the page to take in.
    const rows = [...change.put.values()];
    const deleted = [...change.deleted];
    const count = Math.max(1, Math.ceil(rows.length / SEGMENT_ROWS));
    for (let i = 0; i < count; i += 1) {
      const last = i === count - 1;
      sendsRows.send({
        collection,
        rows: rows.slice(i * SEGMENT_ROWS, (i + 1) * SEGMENT_ROWS),
        deleted: last ? deleted : [],
        reload: last && change.reload,
      });
    }
  }
  channel?.postMessage({ collection, segs: change.segs, reload: change.reload, origin: sendsRows?.origin } satisfies ChangeMessage);
}

/** What one transaction committed to the outbox: its changes (the access log's entries left out). */
export interface OutboxCommitted {
  written: readonly OutboxEntry[];
  /** Keys (`seq`) of entries deleted. */
  deleted: readonly number[];
  cleared: boolean;
}

/** A commit, or null: the outbox changed in a way only a read of it tells. */
export type OutboxCommit = OutboxCommitted | null;
const outboxListeners = new Set<(commit: OutboxCommit) => void>();

/** Heard after each commit to the outbox, here or in another context (outbox-view.ts keeps the queue shown by it). */
export function onOutboxCommitted(listener: (commit: OutboxCommit) => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

/**
 * A commit to the outbox, by this context or another (which sends what it committed): the lists
 * and the queue shown lay it in without reading the outbox, which holds a thousand entries after
 * a long day offline (a replay by the service worker would otherwise have every open tab read
 * it whole at each answer, and hold the replay's writes back while it did).
 */
function outboxCommitted(commit: OutboxCommit): void {
  outboxListeners.forEach((listener) => listener(commit));
  if (!commit || commit.cleared) return outboxChanged();
  const deleted = new Set(commit.deleted);
  stores?.forEach((store, name) => {
    const written = commit.written.filter((entry) => entry.collection === name);
    if (written.length > 0 || deleted.size > 0) store.patchEntries(written, deleted);
  });
}

/** Each list's remote changes, applied one after another in the order they were told. */
const remoteTurns = new Map<CollectionName, Promise<void>>();

/** A change to a list from another context, applied after those told before it. */
function takeTurn(collection: CollectionName, apply: () => Promise<void> | void): void {
  // A change read after a later one would lay an older row over a newer one.
  const turn = (remoteTurns.get(collection) ?? Promise.resolve())
    .then(apply)
    .catch((error: unknown) => console.warn(`A change to the cached ${collection} from another context was not applied`, error));
  remoteTurns.set(collection, turn);
}

function onRemoteChange(message: ChangeMessage): void {
  if ('outbox' in message) return outboxCommitted(message.outbox === true ? null : message.outbox);
  if (!COLLECTION_SET.has(message.collection)) return;
  if (message.origin !== undefined && rowsComeFrom.has(message.origin)) return;
  takeTurn(message.collection, () => applyRemoteChange(message));
}

/** Rows this page's sync worker wrote (sendWrittenRows), laid in after the changes told before. */
export function applyWrittenRows(written: WrittenRows): void {
  if (!COLLECTION_SET.has(written.collection)) return;
  const change = emptyChange();
  change.reload = written.reload;
  addSegment(change, { list: written.collection, seg: 0, rows: written.rows, deleted: written.deleted });
  takeTurn(written.collection, () => {
    const store = storeOf(written.collection);
    if (store.holds()) store.apply(change);
  });
}

/** Once the changes to a list told so far from other contexts are laid in. */
export async function remoteChangesApplied(collection: CollectionName): Promise<void> {
  await remoteTurns.get(collection);
  stores?.get(collection)?.publishPending();
}

async function applyRemoteChange(message: ListMessage): Promise<void> {
  const store = storeOf(message.collection);
  // A context that never read this list (the service worker, a tab on another screen) has
  // nothing to patch: it does not read the segments written (a first sync's 100,000 rows) for nothing.
  if (!store.holds()) return;
  const change = emptyChange();
  change.reload = message.reload || !Array.isArray(message.segs);
  if (!change.reload) {
    const generation = store.generation;
    let segments: (Segment | undefined)[];
    try {
      segments = await readSegs(message.collection, message.segs);
    } catch {
      // The database was closed or wiped meanwhile: the copy is read again when next asked for.
      return;
    }
    // A wipe (or a clear) came first: these rows belong to what was dropped.
    if (store.generation !== generation) return;
    // A segment compacted away since (the list was written again whole): the list is read again.
    change.reload = segments.some((segment) => !segment);
    for (const segment of segments) if (segment) addSegment(change, segment);
  }
  store.apply(change);
}

// ---- The middleware ---------------------------------------------------------------------------

const OUTBOX = 'outbox';
const SEGMENTS = 'segments';

interface OutboxChanges {
  /** Entries added or changed, per list (the access log's entries, which no list shows, left out). */
  written: Map<CollectionName, OutboxEntry[]>;
  /** Keys (`seq`) of entries deleted: which lists they were in, only the lists know. */
  deleted: Set<number>;
  /** The outbox was cleared. */
  cleared: boolean;
}

interface TransactionChanges {
  lists: Map<CollectionName, Change>;
  outbox: OutboxChanges;
}

const pending = new WeakMap<DBCoreTransaction, TransactionChanges>();

/** What `trans` changed, told to the lists (here and in other contexts) when it commits. */
function changesOf(trans: DBCoreTransaction): TransactionChanges {
  let changes = pending.get(trans);
  if (!changes) {
    const created: TransactionChanges = { lists: new Map(), outbox: { written: new Map(), deleted: new Set(), cleared: false } };
    pending.set(trans, created);
    const idb = trans as unknown as IDBTransaction;
    idb.addEventListener('complete', () => {
      for (const [name, change] of created.lists) {
        storeOf(name).apply(change);
        announce(name, change);
      }
      const { written, deleted, cleared } = created.outbox;
      if (cleared || deleted.size > 0 || written.size > 0) {
        const commit: OutboxCommitted = { written: [...written.values()].flat(), deleted: [...deleted], cleared };
        outboxCommitted(commit);
        channel?.postMessage({ outbox: commit } satisfies ChangeMessage);
      }
    });
    changes = created;
  }
  return changes;
}

/** A write to the segments: the segments put tell their list (a compaction's tell nothing new). */
function record(trans: DBCoreTransaction, request: DBCoreMutateRequest): void {
  const perList = changesOf(trans).lists;
  const changeOf = (list: CollectionName) => {
    let change = perList.get(list);
    if (!change) perList.set(list, (change = emptyChange()));
    return change;
  };
  switch (request.type) {
    case 'add':
    case 'put':
      for (const segment of request.values as Segment[]) {
        if (segment.compacted) continue;
        const change = changeOf(segment.list);
        addSegment(change, segment);
        change.segs.push(segment.seg);
      }
      break;
    case 'delete':
      // Segments go only in a compaction, which keeps their rows in new ones.
      break;
    case 'deleteRange':
      for (const list of COLLECTION_NAMES) changeOf(list).reload = true;
      break;
  }
}

/** Installs the change capture on the offline database (db.ts calls it once). */
export function viewMiddleware(reader: Reader, segmentReader: SegmentReader, entryReader: EntryReader): Middleware<DBCore> {
  readAll = reader;
  readSegs = segmentReader;
  readEntries = entryReader;
  readersInstalled();
  if (typeof BroadcastChannel !== 'undefined' && !channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<ChangeMessage>) => onRemoteChange(event.data);
  }
  return {
    stack: 'dbcore',
    name: 'collection-views',
    create(down) {
      return {
        ...down,
        table(tableName) {
          const table = down.table(tableName);
          if (tableName === OUTBOX) {
            return {
              ...table,
              mutate(request: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
                return table.mutate(request).then((response) => {
                  const { outbox } = changesOf(request.trans);
                  switch (request.type) {
                    case 'add':
                    case 'put':
                      request.values.forEach((value, i) => {
                        const entry = value as OutboxEntry;
                        if (!entry.collection) return;
                        // An added entry's key is the one the database gave it.
                        const seq = entry.seq ?? (response.results?.[i] as number | undefined);
                        const stored = seq === entry.seq ? entry : { ...entry, seq };
                        if (seq !== undefined) outbox.deleted.delete(seq);
                        const list = outbox.written.get(entry.collection);
                        if (list) list.push(stored);
                        else outbox.written.set(entry.collection, [stored]);
                      });
                      break;
                    case 'delete': {
                      // The transaction's last word on an entry stands: written then deleted is deleted.
                      const keys = new Set(request.keys as number[]);
                      keys.forEach((key) => outbox.deleted.add(key));
                      for (const [name, list] of outbox.written) outbox.written.set(name, list.filter((entry) => !keys.has(entry.seq ?? -1)));
                      break;
                    }
                    case 'deleteRange':
                      outbox.cleared = true;
                      break;
                  }
                  return response;
                });
              },
            };
          }
          if (tableName !== SEGMENTS) return table;
          return {
            ...table,
            mutate(request: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
              return table.mutate(request).then((response) => {
                if (response.numFailures === 0) record(request.trans, request);
                return response;
              });
            },
          };
        },
      };
    },
  };
}

/** Starts reading a list into memory before a screen asks for it (a repeat visit's first paint). */
export function warmCollection(name: CollectionName): void {
  storeOf(name).warm();
}
