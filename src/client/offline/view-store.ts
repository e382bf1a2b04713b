// The cached lists in memory, patched by the change instead of re-read (issue 9). Every write to a
// collection table passes through the Dexie middleware below; when its transaction commits, the
// records it put and the keys it deleted patch the list's in-memory copy in place. A list is read
// whole from IndexedDB once (the first time a screen asks for it), never again after each sync
// page or outbox answer. Other contexts (tabs, the service worker) say which keys they changed
// on a BroadcastChannel; this context reads just those keys.
//
// A big list shows its newest rows first: a short read (PREVIEW_ROWS, newest first) is published
// as a preview (`isPreview`) while the whole list is read; a list shorter than that is whole.
//
// Positions are stable: a changed record keeps its place, a new one is appended, a deleted one is
// replaced by the last row. Each published `rows` array is a fresh snapshot (React compares by
// identity); `changeOf(rows)` tells a derived index which positions differ from the previous one.
import type { DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTransaction, Middleware, DBCore } from 'dexie';
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import { toView } from './cached-row';
import { measureSince, timeNow } from './timing';

type Plain = Record<string, unknown>;

/** What one committed transaction did to one collection. */
interface Change {
  put: Plain[];
  deleted: number[];
  /** A range was deleted (a clear): the list is read again. */
  reload: boolean;
}

export interface RowsChange {
  /** The snapshot this one was patched from. */
  previous: readonly object[];
  /** Positions whose row differs from `previous` (changed, appended or moved into a hole). */
  touched: readonly number[];
}

const changes = new WeakMap<readonly object[], RowsChange>();
const previews = new WeakSet<readonly object[]>();

/** Rows read before the whole list (the newest few): a screen may draw them, not count them. */
export const PREVIEW_ROWS = 200;

/** True for a preview snapshot: the newest rows of a list still being read whole. */
export function isPreview(rows: readonly object[]): boolean {
  return previews.has(rows);
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
  if (previews.has(rows)) previews.add(out);
  let byFn = mapped.get(rows);
  if (!byFn) mapped.set(rows, (byFn = new Map()));
  byFn.set(fn, out);
  return out;
}

type Reader = (name: CollectionName) => Promise<object[]>;
/** The newest `limit` rows of a list (the order its screens show first); null: no preview. */
type FirstReader = (name: CollectionName, limit: number) => Promise<object[] | null> | null;
type KeyReader = (name: CollectionName, keys: number[]) => Promise<(object | undefined)[]>;

class ViewStore {
  private rows: Plain[] = [];
  private positions = new Map<number, number>();
  private snapshot: readonly object[] | undefined = undefined;
  private listeners = new Set<() => void>();
  /** Changes committed while the whole list is being read, replayed after it (in order). */
  private buffer: Change[] | null = null;
  private loaded = false;
  private epoch = 0;
  private openedAt = 0;

  constructor(
    private readonly name: CollectionName,
    private readonly readAll: Reader,
    private readonly readFirst: FirstReader,
  ) {}

  get(): readonly object[] | undefined {
    return this.snapshot;
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

  private async load(): Promise<void> {
    const epoch = this.epoch;
    const started = timeNow();
    this.buffer = [];
    let all: object[];
    try {
      const reading = this.readFirst(this.name, PREVIEW_ROWS);
      const first = reading ? await reading : null;
      if (epoch !== this.epoch) return;
      if (first === null) {
        all = await this.readAll(this.name);
      } else if (first.length < PREVIEW_ROWS) {
        all = first;
      } else {
        const preview = first.map((row) => toView<Plain>(row));
        previews.add(preview);
        this.snapshot = preview;
        this.listeners.forEach((listener) => listener());
        all = await this.readAll(this.name);
      }
    } catch (error) {
      if (epoch === this.epoch) {
        this.buffer = null;
        if (this.snapshot !== undefined) {
          this.snapshot = undefined;
          this.listeners.forEach((listener) => listener());
        }
      }
      // The database is gone (wiped) or closed: the next subscriber tries again.
      console.warn(`Reading the cached ${this.name} failed`, error);
      return;
    }
    if (epoch !== this.epoch) return;
    this.rows = all.map((row) => toView<Plain>(row));
    this.positions = new Map(this.rows.map((row, position) => [this.keyOf(row), position]));
    const buffered = this.buffer ?? [];
    this.buffer = null;
    this.loaded = true;
    // The read saw some of these already; replaying them all in commit order ends where the
    // database is (a put or delete by key is the last word on that key).
    for (const change of buffered) this.patch(change, null);
    this.publish(undefined);
    measureSince(`view-read:${this.name}`, started, { rows: this.rows.length });
  }

  /** A transaction that wrote this collection committed. */
  apply(change: Change): void {
    if (this.buffer) {
      this.buffer.push(change);
      this.patchPreview(change);
      return;
    }
    if (!this.loaded) return;
    const started = timeNow();
    if (change.reload) {
      this.forget();
      if (this.listeners.size > 0) void this.load();
      return;
    }
    const touched = new Set<number>();
    if (!this.patch(change, touched)) return;
    const previous = this.snapshot;
    this.publish(previous ? { previous, touched: [...touched] } : undefined);
    measureSince(`view:${this.name}`, started, { rows: this.rows.length, touched: touched.size });
  }

  /**
   * While the whole list is read, a change to a row the preview shows (a queued change, an
   * outbox answer) shows at once; other changes wait in the buffer for the whole list.
   */
  private patchPreview(change: Change): void {
    const current = this.snapshot as readonly Plain[] | undefined;
    if (!current || !previews.has(current) || change.reload) return;
    const fresh = new Map(change.put.map((record) => [this.keyOf(record), record]));
    const gone = new Set(change.deleted);
    let changed = false;
    const next: Plain[] = [];
    for (const row of current) {
      const key = this.keyOf(row);
      const record = fresh.get(key);
      if (gone.has(key) && !record) changed = true;
      else if (record) {
        next.push(toView<Plain>(record));
        changed = true;
      } else next.push(row);
    }
    if (!changed) return;
    previews.add(next);
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }

  /** Lays a change over the rows; false when it changed nothing this context holds. */
  private patch(change: Change, touched: Set<number> | null): boolean {
    if (change.reload) {
      this.rows = [];
      this.positions.clear();
      return true;
    }
    let changed = change.put.length > 0;
    for (const record of change.put) {
      const view = toView<Plain>(record);
      const key = this.keyOf(view);
      const position = this.positions.get(key);
      if (position === undefined) {
        this.positions.set(key, this.rows.length);
        touched?.add(this.rows.length);
        this.rows.push(view);
      } else {
        this.rows[position] = view;
        touched?.add(position);
      }
    }
    for (const key of change.deleted) {
      const position = this.positions.get(key);
      if (position === undefined) continue;
      changed = true;
      this.positions.delete(key);
      const last = this.rows.pop() as Plain;
      touched?.delete(this.rows.length);
      if (position < this.rows.length) {
        this.rows[position] = last;
        this.positions.set(this.keyOf(last), position);
        touched?.add(position);
      }
    }
    return changed;
  }

  private publish(change: RowsChange | undefined): void {
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
    this.epoch += 1;
    this.rows = [];
    this.positions = new Map();
    this.buffer = null;
    this.loaded = false;
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
let readFirst: FirstReader = (name, limit) => installed.then(() => readFirst(name, limit));
let readKeys: KeyReader = (name, keys) => installed.then(() => readKeys(name, keys));

function storeOf(name: CollectionName): ViewStore {
  stores ??= new Map();
  let store = stores.get(name);
  if (!store) {
    store = new ViewStore(name, (n) => readAll(n), (n, limit) => readFirst(n, limit));
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
interface ChangeMessage {
  collection: CollectionName;
  keys: number[];
  reload: boolean;
}
let channel: BroadcastChannel | null = null;

function announce(collection: CollectionName, change: Change): void {
  if (!channel) return;
  const keys = [...change.put.map((row) => row[COLLECTIONS[collection].key] as number), ...change.deleted];
  channel.postMessage({ collection, keys, reload: change.reload } satisfies ChangeMessage);
}

async function onRemoteChange(message: ChangeMessage): Promise<void> {
  if (!COLLECTION_SET.has(message.collection)) return;
  const store = storeOf(message.collection);
  // A context that never read this list (the service worker, a tab on another screen) has
  // nothing to patch: it does not read the changed rows (5,000 per sync page) for nothing.
  if (!store.holds()) return;
  if (message.reload) {
    store.apply({ put: [], deleted: [], reload: true });
    return;
  }
  const keys = [...new Set(message.keys)];
  const generation = store.generation;
  let rows: (object | undefined)[];
  try {
    rows = await readKeys(message.collection, keys);
  } catch {
    // The database was closed or wiped meanwhile: the copy is read again when next asked for.
    return;
  }
  // A wipe (or a clear) came first: these rows belong to what was dropped.
  if (store.generation !== generation) return;
  const put: Plain[] = [];
  const deleted: number[] = [];
  rows.forEach((row, index) => (row ? put.push(row as Plain) : deleted.push(keys[index] as number)));
  store.apply({ put, deleted, reload: false });
}

// ---- The middleware ---------------------------------------------------------------------------

const pending = new WeakMap<DBCoreTransaction, Map<CollectionName, Change>>();

function record(trans: DBCoreTransaction, collection: CollectionName, request: DBCoreMutateRequest): void {
  let perTable = pending.get(trans);
  if (!perTable) {
    perTable = new Map();
    pending.set(trans, perTable);
    const idb = trans as unknown as IDBTransaction;
    idb.addEventListener('complete', () => {
      for (const [name, change] of perTable as Map<CollectionName, Change>) {
        storeOf(name).apply(change);
        announce(name, change);
      }
    });
  }
  let change = perTable.get(collection);
  if (!change) {
    change = { put: [], deleted: [], reload: false };
    perTable.set(collection, change);
  }
  switch (request.type) {
    case 'add':
    case 'put':
      for (const value of request.values) change.put.push(value as Plain);
      break;
    case 'delete':
      for (const key of request.keys) change.deleted.push(key as number);
      break;
    case 'deleteRange':
      change.reload = true;
      break;
  }
}

/** Installs the change capture on the offline database (db.ts calls it once). */
export function viewMiddleware(reader: Reader, firstReader: FirstReader, keyReader: KeyReader): Middleware<DBCore> {
  readAll = reader;
  readFirst = firstReader;
  readKeys = keyReader;
  readersInstalled();
  if (typeof BroadcastChannel !== 'undefined' && !channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<ChangeMessage>) => void onRemoteChange(event.data);
  }
  return {
    stack: 'dbcore',
    name: 'collection-views',
    create(down) {
      return {
        ...down,
        table(tableName) {
          const table = down.table(tableName);
          if (!COLLECTION_SET.has(tableName)) return table;
          const collection = tableName as CollectionName;
          return {
            ...table,
            mutate(request: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
              return table.mutate(request).then((response) => {
                if (response.numFailures === 0) record(request.trans, collection, request);
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
