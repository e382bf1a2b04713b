// Work over 100,000 rows (a list's index, the text a search reads) written as steps: a generator
// that yields every few thousand rows. Run to its end at once where the work is small, or in
// slices of SLICE_MS between which the page paints and answers keys (issue 22: no main-thread task
// over 50 ms while a first sync pours rows in).

export type Steps<T> = Generator<void, T, void>;

/** Main-thread time one slice may take (a frame at 60 Hz is 16.7 ms). */
export const SLICE_MS = 8;
/**
 * For work a person is waiting on with nothing else to show (a list's first index on a visit):
 * under a long task's 50 ms, with fewer hand-overs between slices.
 */
export const WAITED_SLICE_MS = 40;

/** Runs every step now and answers the result. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs the steps in slices of `sliceMs`, each in a task of its own; `done` gets the result.
 * Answers a function that stops the work (the result is then never told).
 */
export function runSliced<T>(steps: Steps<T>, done: (value: T) => void, sliceMs = SLICE_MS): () => void {
  // A message to oneself is a task of its own, without the clamp of nested timers.
  const channel = new MessageChannel();
  let stopped = false;
  const stop = () => {
    stopped = true;
    channel.port1.close();
  };
  channel.port1.onmessage = () => {
    if (stopped) return;
    const until = performance.now() + sliceMs;
    for (;;) {
      const next = steps.next();
      if (next.done) {
        stop();
        done(next.value);
        return;
      }
      if (performance.now() >= until) break;
    }
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  return stop;
}
