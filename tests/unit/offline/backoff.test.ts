import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from '../../../src/client/offline/backoff';

describe('backoffDelay', () => {
  it('is full jitter: between 0 and base * 2^(attempts-1)', () => {
    for (let attempts = 1; attempts <= 8; attempts++) {
      const ceiling = BACKOFF_BASE_MS * 2 ** (attempts - 1);
      expect(backoffDelay(attempts, null, () => 0)).toBe(0);
      expect(backoffDelay(attempts, null, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(attempts, null, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(50, null, () => 0.999999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(1000, null, () => 0.999999)).toBeGreaterThan(BACKOFF_CAP_MS * 0.99);
  });

  it('spreads retries with the real random source', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(6, null));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(32_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });

  it('honours Retry-After as a floor, with a little jitter', () => {
    expect(backoffDelay(1, 7000, () => 0)).toBe(7000);
    expect(backoffDelay(1, 7000, () => 0.999999)).toBeLessThanOrEqual(7700);
    expect(backoffDelay(9, 2000, () => 0.5)).toBeGreaterThanOrEqual(2000);
    // Even after many attempts the server's word wins over the exponential wait.
    expect(backoffDelay(12, 0, () => 0.5)).toBe(0);
  });

  it('caps an absurd Retry-After at one hour', () => {
    expect(backoffDelay(1, 24 * 3600 * 1000, () => 0)).toBe(3600 * 1000);
  });
});
