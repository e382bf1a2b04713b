import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render; true once that render is committed, in a render of its
 * own that React does in the background (a transition: rendered in slices of a few milliseconds,
 * committed on its own). A screen's heavy parts drawn this way (the bar's menus, the page under
 * it, a list's rows) make its mount a few short tasks instead of one long one (issue 22: no
 * main-thread task over 50 ms while signing in and syncing; Lighthouse's total blocking time).
 * Nested, each level is drawn after the one above it is committed.
 */
export function useDrawnLater(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
