// Work over 100,000 rows (a list's index, the text a search reads) written as steps: a generator
// that yields every few thousand rows. Run to its end at once where the work is small, or in
// slices of SLICE_MS between which the page paints and answers keys (issue 22: no main-thread task
// over 50 ms while a first sync pours rows in).

export type Steps<T> = Generator<void, T, void>;

/** Main-thread time one slice may take (a frame at 60 Hz is 16.7 ms). */
const SLICE_MS = 8;

/** Runs every step now and answers the result. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs the steps in slices, each in a task of its own; `done` gets the result. Answers a function
 * that stops the work (the result is then never told).
 */
export function runSliced<T>(steps: Steps<T>, done: (value: T) => void): () => void {
  // A message to oneself is a task of its own, without the clamp of nested timers.
  const channel = new MessageChannel();
  let stopped = false;
  const stop = () => {
    stopped = true;
    channel.port1.close();
  };
  channel.port1.onmessage = () => {
    if (stopped) return;
    const until = performance.now() + SLICE_MS;
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
