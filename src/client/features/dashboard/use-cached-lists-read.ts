// Whether the dashboard's lists have been read from the device's cache (a list may still be empty
// and syncing: read is all this tells).
import { useCallback, useSyncExternalStore } from 'react';
import type { CollectionName } from '../../../shared/collections';
import { collectionViews } from '../../offline/view-store';

/**
 * True once every list of `names` is in memory. The dashboard draws its sections from then on:
 * drawn while the reads ran, each section grew as its list arrived and pushed the sections below
 * it down (a layout shift of 0.27 on a phone, a quarter of Lighthouse's performance score).
 * `names` must keep its identity (a constant).
 */
export function useCachedListsRead(names: readonly CollectionName[]): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = names.map((name) => collectionViews(name).subscribe(onChange));
      return () => stops.forEach((stop) => stop());
    },
    [names],
  );
  return useSyncExternalStore(subscribe, () => names.every((name) => collectionViews(name).get() !== undefined));
}
