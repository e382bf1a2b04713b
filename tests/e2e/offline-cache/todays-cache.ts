// The device cache as the app left it before issue 22 (Dexie version 9 of src/client/offline/db.ts,
// IndexedDB version 90: Dexie multiplies by 10), written by hand with the raw IndexedDB API, so
// that the upgrade test starts from a device holding today's cache and queued changes whatever
// the app under test declares. Everything here is that one layout and that one entry shape:
// compare them with db.ts's version 9 (indexedStores(false, 9) with version 4's outbox and meta)
// and outbox-entry.ts (OUTBOX_SCHEMA_VERSION 3), never with the app of the day.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { API_BASE } from '../../../src/shared/constants';
import { COLLECTIONS, type CollectionName } from '../../../src/shared/collections';

const TODAYS_DB_NAME = 'pharmacy-offline';
/** Dexie's version 9. */
const TODAYS_IDB_VERSION = 90;

interface IndexLayout {
  name: string;
  keyPath: string | string[];
  unique?: boolean;
}

interface StoreLayout {
  keyPath: string;
  autoIncrement?: boolean;
  indexes: IndexLayout[];
}

const byUser = { name: 'user_id', keyPath: 'user_id' };
const newestFirst = { name: 'created_at', keyPath: 'created_at' };

/** The lists: keyed as the spec keys each; `user_id` on the six that name a patient, `created_at` on the five prescription lists. */
const TODAYS_LISTS: Record<CollectionName, StoreLayout> = {
  transfers: { keyPath: 'transfer_id', indexes: [byUser, newestFirst] },
  refills: { keyPath: 'id', indexes: [byUser, newestFirst] },
  autofill: { keyPath: 'refillId', indexes: [byUser, newestFirst] },
  reminders: { keyPath: 'id', indexes: [byUser, newestFirst] },
  newPrescriptions: { keyPath: 'prescription_id', indexes: [newestFirst] },
  appointments: { keyPath: 'appointment_id', indexes: [byUser] },
  users: { keyPath: 'user_id', indexes: [] },
  inquiries: { keyPath: 'message_id', indexes: [byUser] },
  savedReplies: { keyPath: 'saved_reply_id', indexes: [] },
  staff: { keyPath: 'staff_id', indexes: [] },
};

/**
 * Today's layout, store by store, as Dexie creates it from version 9's declarations: the lists,
 * `outbox: '++seq, &id, state, [collection+recordKey]'` and `meta: 'key'`. Dexie 4 keeps no
 * bookkeeping store of its own at a version that is a multiple of 10 (its `$meta` appears only when
 * it patches a schema that differs from the declared one, which would say this layout is wrong).
 */
export function todaysLayout(): Record<string, StoreLayout> {
  return {
    ...TODAYS_LISTS,
    outbox: {
      keyPath: 'seq',
      autoIncrement: true,
      indexes: [
        { name: 'id', keyPath: 'id', unique: true },
        { name: 'state', keyPath: 'state' },
        { name: '[collection+recordKey]', keyPath: ['collection', 'recordKey'] },
      ],
    },
    meta: { keyPath: 'key', indexes: [] },
  };
}

/** The person queuing today's entries (outbox-entry.ts EntryOwner). */
export interface TodaysOwner {
  uid: string;
  email: string;
  name: string | null;
}

/**
 * A pending "transfer-status" change in today's entry shape (outbox-entry.ts, schemaVersion 3, as
 * enqueue.ts newEntry writes it while offline), queued `agoMs` ago; `seq` is the store's to give.
 */
export function todaysTransferEntry(owner: TodaysOwner, transferId: number, action: 'complete' | 'flag', agoMs: number): Record<string, unknown> {
  const createdAt = Date.now() - agoMs;
  return {
    id: randomUUID(),
    schemaVersion: 3,
    owner,
    action: 'transfer-status',
    args: { params: { action, transfer_id: String(transferId) }, body: undefined },
    collection: 'transfers',
    recordKey: transferId,
    label: action === 'complete' ? 'Mark as Complete' : 'Flag',
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    state: 'pending',
    lastError: null,
    lastStatus: null,
    offline: true,
  };
}

export interface TodaysList {
  name: CollectionName;
  rows: object[];
  /** The delta cursor after the last page (delta-page.ts keeps it as `cursor:<list>`). */
  cursor: string;
}

/** Every cached list read from the server the way the sync reads it (delta pages from 0), with its cursor. */
export async function readListsAsSynced(baseUrl: string, token: string): Promise<TodaysList[]> {
  const readList = async (name: CollectionName): Promise<TodaysList> => {
    // Folded as the app folds the pages: a later page's row replaces an earlier one of its key (a
    // page the server kept from before a change holds the row as it was), a deletion removes it.
    const { key } = COLLECTIONS[name];
    const rows = new Map<unknown, object>();
    let cursor = '0';
    for (let more = true; more; ) {
      const response = await fetch(`${baseUrl}${API_BASE}${COLLECTIONS[name].path}?since=${encodeURIComponent(cursor)}&limit=5000`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`GET ${COLLECTIONS[name].path} answered ${response.status}`);
      const page = (await response.json()) as { items: Record<string, unknown>[]; deleted: number[]; cursor: string; more: boolean };
      for (const row of page.items) rows.set(row[key], row);
      for (const gone of page.deleted) rows.delete(gone);
      cursor = page.cursor;
      more = page.more;
    }
    return { name, rows: [...rows.values()], cursor };
  };
  return Promise.all((Object.keys(TODAYS_LISTS) as CollectionName[]).map(readList));
}

export interface TodaysDevice {
  lists: TodaysList[];
  outbox: Record<string, unknown>[];
  /** Meta rows besides the lists' own (the runtime settings, the refresh token). */
  meta: { key: string; value: unknown }[];
}

/**
 * Replaces the origin's device cache with today's, by hand: deletes `pharmacy-offline` (no page of
 * the app may hold it open), creates it at version 90 in today's layout, and fills it in one
 * transaction: the rows, each list's cursor and sync times as the sync leaves them after a whole
 * sync (`cursor:`, `lastSync:`, `fullSync:`), `meta`, and the outbox. `page` is a page of the
 * app's origin that runs no app code (/healthz).
 */
export async function writeTodaysCache(page: Page, device: TodaysDevice): Promise<void> {
  const now = Date.now();
  const listMeta = device.lists.flatMap((list) => [
    { key: `cursor:${list.name}`, value: list.cursor },
    { key: `lastSync:${list.name}`, value: now },
    { key: `fullSync:${list.name}`, value: now },
  ]);
  const problem = await page.evaluate(
    async ({ name, version, layout, lists, meta, outbox }) => {
      const deleted = await new Promise<string | null>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve(null);
        request.onerror = () => resolve(`delete failed: ${String(request.error)}`);
        // Blocked until every connection closes (Dexie closes on the versionchange event).
        setTimeout(() => resolve('delete blocked for 10 s: a page or worker of the app still holds the database'), 10_000);
      });
      if (deleted) return deleted;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => {
          for (const [store, shape] of Object.entries(layout)) {
            const created = request.result.createObjectStore(store, { keyPath: shape.keyPath, autoIncrement: shape.autoIncrement ?? false });
            for (const index of shape.indexes) created.createIndex(index.name, index.keyPath, { unique: index.unique ?? false });
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const tx = db.transaction(Object.keys(layout), 'readwrite');
        for (const list of lists) for (const row of list.rows) tx.objectStore(list.name).put(row);
        for (const row of meta) tx.objectStore('meta').put(row);
        for (const entry of outbox) tx.objectStore('outbox').add(entry);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
      return null;
    },
    {
      name: TODAYS_DB_NAME,
      version: TODAYS_IDB_VERSION,
      layout: todaysLayout(),
      lists: device.lists,
      meta: [...listMeta, ...device.meta],
      outbox: device.outbox,
    },
  );
  if (problem) throw new Error(problem);
}

/**
 * What today's app keeps in `meta` about the session, besides the lists (device-config.ts,
 * session-control.ts), from where the browser holds it regardless of the cache's layout: the
 * runtime settings the page also keeps in localStorage, and Firebase's refresh token.
 */
export function todaysSessionMeta(page: Page): Promise<{ key: string; value: unknown }[]> {
  return page.evaluate(async () => {
    const meta: { key: string; value: unknown }[] = [];
    const config = localStorage.getItem('runtimeConfig');
    if (config) meta.push({ key: 'runtimeConfig', value: JSON.parse(config) });
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('firebaseLocalStorageDb');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const saved = await new Promise<Array<{ value?: { uid?: string; stsTokenManager?: { refreshToken?: string } } }>>((resolve, reject) => {
        const request = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const { value } of saved) {
        if (value?.uid && value.stsTokenManager?.refreshToken) meta.push({ key: `refreshToken:${value.uid}`, value: value.stsTokenManager.refreshToken });
      }
    } finally {
      db.close();
    }
    return meta;
  });
}
