// A route's `loader` for a repeat visit: the lists its screen shows start being read from the
// device's cache while the screen's code loads, so its first render can draw them (issue 9).
// Nothing waits on it; the reading code is its own chunk, off the sign-in screen's first paint.
// Not on a preload (a pointer resting on a link): reading lists is for screens being opened.
import type { CollectionName } from '../../shared/collections';

export function warmListsLoader(...names: CollectionName[]): (context: { preload: boolean }) => void {
  return ({ preload }) => {
    if (!preload) void import('../offline/warm').then(({ warmLists }) => warmLists(names));
  };
}
