import { describe, expect, it } from 'vitest';
import { backoffDelay, RETRY_AFTER_CAP_MS, type Backoff } from '../../../src/shared/backoff';

const OUTBOX: Backoff = { baseMs: 1000, capMs: 5 * 60 * 1000 };

describe('backoffDelay', () => {
  it('is full jitter: between 0 and base * 2^(attempts-1)', () => {
    for (let attempts = 1; attempts <= 8; attempts++) {
      const ceiling = OUTBOX.baseMs * 2 ** (attempts - 1);
      expect(backoffDelay(OUTBOX, attempts, null, () => 0)).toBe(0);
      expect(backoffDelay(OUTBOX, attempts, null, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(OUTBOX, attempts, null, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(OUTBOX, 50, null, () => 0.999999)).toBeLessThan(OUTBOX.capMs);
    expect(backoffDelay(OUTBOX, 1000, null, () => 0.999999)).toBeGreaterThan(OUTBOX.capMs * 0.99);
  });

  it("takes each caller's base and cap", () => {
    const mail: Backoff = { baseMs: 30_000, capMs: 3_600_000 };
    expect(backoffDelay(mail, 1, null, () => 0.5)).toBe(15_000);
    expect(backoffDelay(mail, 3, null, () => 0.5)).toBe(60_000);
    expect(backoffDelay(mail, 20, null, () => 0.5)).toBe(1_800_000);
    const stream: Backoff = { baseMs: 1000, capMs: 200 };
    expect(backoffDelay(stream, 1, null, () => 0.999999)).toBeLessThan(200);
    expect(backoffDelay(stream, 9, null, () => 0.5)).toBe(100);
  });

  it('spreads retries with the real random source', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(OUTBOX, 6));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(32_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });

  it('honours Retry-After as a floor, with a little jitter', () => {
    expect(backoffDelay(OUTBOX, 1, 7000, () => 0)).toBe(7000);
    expect(backoffDelay(OUTBOX, 1, 7000, () => 0.999999)).toBeLessThanOrEqual(7700);
    expect(backoffDelay(OUTBOX, 9, 2000, () => 0.5)).toBeGreaterThanOrEqual(2000);
    // Even after many attempts the server's word wins over the exponential wait.
    expect(backoffDelay(OUTBOX, 12, 0, () => 0.5)).toBe(0);
  });

  it('caps an absurd Retry-After at one hour', () => {
    expect(RETRY_AFTER_CAP_MS).toBe(3600 * 1000);
    expect(backoffDelay(OUTBOX, 1, 24 * 3600 * 1000, () => 0)).toBe(3600 * 1000);
  });
});
