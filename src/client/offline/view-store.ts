// The cached lists in memory, one `ListView` each (list-view.ts), patched by the change instead of
// re-read (issue 9). Every write of a list's segment (segments.ts) passes through the Dexie
// middleware below; when its transaction commits, the rows it put and the keys it deleted patch
// the list's in-memory copy in place. A list is read whole from IndexedDB once (the first time a
// screen asks for it: one range read of its segments), never again after each sync page or outbox
// answer. Other contexts (tabs, the service worker) say which segments they wrote on a
// BroadcastChannel; this context reads just those. The sync worker sends its page the pages it
// committed, as the server's text.
//
// Rows are kept as the server sent them; this device's unsent (or just answered) changes are laid
// over them in the list views, from the outbox entries of the list, which the same middleware sees
// change. So a sync writes rows without reading the outbox, and a queued change writes only the
// outbox.
import type { DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTransaction, Middleware, DBCore } from 'dexie';
import { COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import { parsePieces } from './page-pieces';
import { addSegment, emptyChange, ListView, type Change, type EntryReader, type Reader } from './list-view';
import type { OutboxEntry } from './outbox-entry';
import type { OpenSegment, Segment } from './segments';

/** Segments of a list by number (undefined: compacted away since). */
type SegmentReader = (name: CollectionName, segs: number[]) => Promise<(OpenSegment | undefined)[]>;

const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);
let stores: Map<CollectionName, ListView> | null = null;
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

const heldListeners = new Set<(name: CollectionName) => void>();

/**
 * Heard when this context begins to hold a list, reading it into memory: the sync worker then
 * sends this page the rows of the pages it commits (sync-worker-client.ts).
 */
export function onListHeld(listener: (name: CollectionName) => void): () => void {
  heldListeners.add(listener);
  return () => heldListeners.delete(listener);
}

function storeOf(name: CollectionName): ListView {
  stores ??= new Map();
  let store = stores.get(name);
  if (!store) {
    store = new ListView(
      name,
      (n) => {
        heldListeners.forEach((listener) => listener(n));
        return readAll(n);
      },
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

/**
 * A sync page the sync worker committed, sent to the page that started it: its rows as the
 * server's text, in pieces the page parses one a task (page-pieces.ts), and the keys the page
 * deleted with those its commit swept.
 */
export interface WrittenPage {
  collection: CollectionName;
  /** JSON array texts of the page's rows, in order. */
  rows: string[];
  deleted: number[];
}

/** In the sync worker: its name on the channel, and the lists whose pages it sends its page. */
let writtenBy: { origin: string; sendsTo: (list: CollectionName) => boolean } | null = null;
/** In a page: the contexts whose rows come to it directly (its sync worker), not to be read back. */
const rowsComeFrom = new Set<string>();

/**
 * The sync worker sends each page it commits to the page that started it, which lays the rows in
 * (applyWrittenPage) rather than reading them back from IndexedDB: the page's reads would queue
 * behind, and hold back, the worker's next writes. Its channel messages about those lists carry
 * its name, so that page passes them by; other contexts read the segments back.
 */
export function markWrittenBy(origin: string, sendsTo: (list: CollectionName) => boolean): void {
  writtenBy = { origin, sendsTo };
}

/** Whether this context holds (or is reading) the list in memory. */
export function holdsList(name: CollectionName): boolean {
  return stores?.get(name)?.holds() ?? false;
}

/** A page: the rows written by `origin` come to it directly; its channel messages are no news. */
export function takeWrittenRowsFrom(origin: string): void {
  rowsComeFrom.add(origin);
}

function announce(collection: CollectionName, change: Change): void {
  const origin = writtenBy?.sendsTo(collection) ? writtenBy.origin : undefined;
  channel?.postMessage({ collection, segs: change.segs, reload: change.reload, origin } satisfies ChangeMessage);
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

/**
 * A page this page's sync worker committed (markWrittenBy), laid in after the changes told
 * before: its pieces parsed one a task, then laid in at once, as one commit.
 */
export function applyWrittenPage(written: WrittenPage): void {
  const { collection } = written;
  if (!COLLECTION_SET.has(collection)) return;
  takeTurn(collection, async () => {
    const store = storeOf(collection);
    const generation = store.generation;
    const change = emptyChange();
    let rows: object[] | null = [];
    try {
      // A list let go of (or wiped) meanwhile is read whole when next asked for: its page is not parsed for nothing.
      rows = await parsePieces(written.rows, () => store.holds() && store.generation === generation);
    } catch {
      // A piece cut wrong (page-pieces.ts): the page is committed, so the list is read again.
      change.reload = true;
    }
    if (rows === null) return;
    if (!change.reload) addSegment(change, { list: collection, seg: 0, rows, deleted: written.deleted });
    store.apply(change);
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
    let segments: (OpenSegment | undefined)[];
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
        // A context holding no copy of the list (the sync worker, the service worker, a tab on
        // another screen) tells the others which segments it wrote and lays no rows in: a sync
        // page's 5,000 rows gathered by key for nothing. A read of the list that begins before
        // the commit reads in a later transaction, which sees these segments. A packed page's rows
        // are not at hand here (the sync worker sends its page the text): the list is read again.
        if (holdsList(segment.list)) {
          if (segment.packed) change.reload = true;
          else addSegment(change, { ...segment, rows: segment.rows ?? [] });
        }
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
