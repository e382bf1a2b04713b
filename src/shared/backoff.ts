// When to try again after an answer that says "later", or no answer at all: one formula for the
// outbox, the change stream and the mail worker, each with its own base and cap.

export interface Backoff {
  /** The first wait's ceiling. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
}

/** A Retry-After longer than this is treated as this: a tablet must not sleep on a queue for a day. */
export const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

/**
 * Full-jitter exponential backoff: a random wait in [0, min(cap, base * 2^(attempts-1))), so many
 * clients failing at once do not retry in lockstep. A server's Retry-After is a floor: never
 * earlier than asked, plus up to 10% jitter (at most 1 s) for the same reason.
 */
export function backoffDelay(
  backoff: Backoff,
  attempts: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) {
    const floor = Math.min(retryAfterMs, RETRY_AFTER_CAP_MS);
    return Math.round(floor + random() * Math.min(floor * 0.1, 1000));
  }
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(exponent, 30));
  return Math.floor(random() * ceiling);
}
