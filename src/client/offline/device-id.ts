// This device's id for the access log ("from which device"): random, made once, kept in a small
// database of its own that a logout's wipe leaves alone (it names the tablet, not a patient).
// Raw IndexedDB: the page and the service worker both read it, and the sign-in screen's HTTP client
// should not bring the cache's library for it.
const DB = 'pharmacy-device';
const STORE = 'kv';

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode, db: IDBDatabase): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = run(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

let lookup: Promise<string | null> | null = null;
/** The id once looked up (undefined: not yet): every request after the first reads it here. */
let known: string | null | undefined;

/** A database slow to open (blocked, busy) must not hold up a request: it goes without the id. */
const WAIT_MS = 2000;

async function readOrMake(): Promise<string | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await open();
  try {
    const known = await request<unknown>((store) => store.get('id'), 'readonly', db);
    if (typeof known === 'string') return known;
    const made = randomId();
    await request((store) => store.put(made, 'id'), 'readwrite', db);
    return made;
  } finally {
    db.close();
  }
}

/** The device's id, or null where IndexedDB is not available (the log then names no device). */
export function deviceId(): Promise<string | null> {
  if (known !== undefined) return Promise.resolve(known);
  lookup ??= readOrMake()
    .catch(() => null)
    .then((id) => (known = id));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)));
  return Promise.race([lookup, late]).finally(() => clearTimeout(timer));
}
