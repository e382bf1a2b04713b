// The runtime settings the page loaded, kept in IndexedDB for the service worker: it has no
// localStorage and must sign in to Firebase by itself to drain the outbox in the background.
import type { RuntimeConfig } from '../../shared/entities';
import { db } from './db';

const KEY = 'runtimeConfig';

export async function rememberRuntimeConfig(config: RuntimeConfig): Promise<void> {
  await db.meta.put({ key: KEY, value: config });
}

export async function readRememberedRuntimeConfig(): Promise<RuntimeConfig | null> {
  const row = await db.meta.get(KEY);
  return (row?.value as RuntimeConfig | undefined) ?? null;
}
