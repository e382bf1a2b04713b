// When to try an entry again after an answer that says "later" (or no answer at all).

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60 * 1000;
/** A Retry-After longer than this is treated as this: a tablet must not sleep on a queue for a day. */
export const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

/**
 * Full-jitter exponential backoff: a random wait in [0, min(cap, base * 2^(attempts-1))), so many
 * devices coming back online at once do not retry in lockstep. A server's Retry-After is a floor:
 * never earlier than asked, plus up to 10% jitter (at most 1 s) for the same reason.
 */
export function backoffDelay(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) {
    const floor = Math.min(retryAfterMs, RETRY_AFTER_CAP_MS);
    return Math.round(floor + random() * Math.min(floor * 0.1, 1000));
  }
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.floor(random() * ceiling);
}
