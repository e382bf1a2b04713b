// The one way a test waits for something to become true, in every layer (unit, API, e2e): poll
// the state instead of sleeping and hoping, and name what was awaited when it never comes.
//
// What vi.waitFor does (a check that throws or is still running counts as "not yet"), written
// out: the e2e support (the test server, the browser) is also run by `npm run bench` and by the
// e2e suite's global setup, outside any test, where vitest's `vi` cannot be used.

export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeout?: number;
  /** Look again this long after the last look ended (default 100 ms). */
  interval?: number;
}

/** What a check resolves with once it holds. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Polls `check` until it returns a truthy value, and resolves with that value. A check that throws
 * (an `expect` that does not hold yet, a page still navigating) counts as "not yet"; on timeout
 * the error names `what`, with the check's last error as its cause.
 */
export async function waitFor<T>(
  what: string,
  check: () => T,
  { timeout = 10_000, interval = 100 }: WaitForOptions = {},
): Promise<Truthy<Awaited<T>>> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Truthy<Awaited<T>>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, Math.max(0, deadline - Date.now()))));
  }
}
