// What a list screen shows for a cached collection (DESIGN 4): the spec's loading text only
// while nothing is cached and the first sync has not finished; its fetch error only when that
// first sync failed with nothing to show instead.

export interface FirstLoadState<T> {
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
}

/**
 * @param cached rows read from IndexedDB (undefined while that read runs)
 * @param lastSyncedAt when this list last synced completely (kept across reloads), or null
 * @param syncError the last sync's error in words, or null
 */
export function firstLoadState<T>(
  cached: T[] | undefined,
  lastSyncedAt: number | null,
  syncError: string | null,
): FirstLoadState<T> {
  if (cached === undefined) return { rows: undefined, loading: true, error: null };
  if (cached.length > 0 || lastSyncedAt !== null) return { rows: cached, loading: false, error: null };
  if (syncError !== null) return { rows: cached, loading: false, error: syncError };
  return { rows: undefined, loading: true, error: null };
}
