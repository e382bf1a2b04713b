// User Timing measures for `npm run bench` (issue 9: figures timed inside the app and read
// through `performance`): a sync from its first request to the commit of its last page, a list's
// view read or patched. At most KEEP entries per label stay, so a long day adds nothing up.
const KEEP = 100;

export function timeNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

/** A measure named `label` from `start` (timeNow()) to now, with what it covered. */
export function measureSince(label: string, start: number, detail: Record<string, unknown>): void {
  try {
    if (performance.getEntriesByName(label, 'measure').length >= KEEP) performance.clearMeasures(label);
    performance.measure(label, { start, end: performance.now(), detail });
  } catch {
    // No User Timing here (an old engine, a test runtime): the figures are only for the bench.
  }
}
