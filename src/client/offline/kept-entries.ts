// Changes made by someone else that the person signed in here chose to keep for them: asked once,
// not on every load. Kept in the device database, so a logout's wipe forgets it too.
import { db } from './db';

const keyFor = (uid: string) => `keptFor:${uid}`;

export async function keptEntryIds(uid: string): Promise<string[]> {
  const row = await db.meta.get(keyFor(uid));
  return Array.isArray(row?.value) ? (row.value as string[]) : [];
}

export async function keepEntries(uid: string, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const queued = new Set((await db.outbox.toArray()).map((entry) => entry.id));
    const kept = new Set([...(await keptEntryIds(uid)), ...ids].filter((id) => queued.has(id)));
    await db.meta.put({ key: keyFor(uid), value: [...kept] });
  });
}
