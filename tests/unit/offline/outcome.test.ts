import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../src/client/offline/http';
import { classifyError } from '../../../src/client/offline/outcome';

const http = (status: number, code = 'x', message = 'Server words', record?: unknown, retryAfterMs: number | null = null) =>
  new HttpError(status, { error: { code, message }, ...(record ? { record } : {}) }, retryAfterMs);

describe('classifyError', () => {
  it.each([
    [409, 'conflict', 'conflict'],
    [409, 'not_completed', 'conflict'],
    [409, 'no_email', 'conflict'],
    [404, 'not_found', 'failed'],
    [400, 'bad_request', 'failed'],
    [413, 'too_large', 'failed'],
    [422, 'idempotency_mismatch', 'failed'],
  ])('%i %s is refused for good as %s, in the server words', (status, code, state) => {
    const outcome = classifyError(http(status, code, 'Server words', { transfer_id: 1 }));
    expect(outcome).toMatchObject({ kind: 'rejected', state, status, message: 'Server words', record: { transfer_id: 1 } });
    // The server's words come as they are: no code for the screen to say in its own.
    expect(outcome).not.toHaveProperty('problem');
  });

  it('gives words of its own when the server sent none', () => {
    expect(classifyError(new HttpError(404, null, null))).toMatchObject({
      kind: 'rejected',
      message: 'This record no longer exists on the server.',
      // The app's own words, by code: the screen says them in the language shown.
      problem: { code: 'recordGone' },
      record: null,
    });
    expect(classifyError(new HttpError(418, null, null))).toMatchObject({
      message: 'The server refused this change (status 418).',
      problem: { code: 'refusedStatus', status: 418 },
    });
  });

  it.each([408, 429, 500, 502, 503, 504])('%i is retried', (status) => {
    expect(classifyError(http(status, 'x', 'm', undefined, 3000))).toMatchObject({ kind: 'retry', status, retryAfterMs: 3000 });
  });

  it('409 in_progress is retried (the same key is still running on the server)', () => {
    expect(classifyError(http(409, 'in_progress'))).toMatchObject({ kind: 'retry', status: 409, queueWide: false });
  });

  it('no answer at all, 429 and gateway errors hold the whole queue', () => {
    expect(classifyError(new NetworkError(new TypeError('fetch failed')))).toMatchObject({ kind: 'retry', queueWide: true });
    expect(classifyError(http(429))).toMatchObject({ queueWide: true });
    expect(classifyError(http(503))).toMatchObject({ queueWide: true });
    expect(classifyError(http(500))).toMatchObject({ queueWide: false });
  });

  it.each([401, 403])('%i pauses for a sign-in', (status) => {
    expect(classifyError(http(status))).toMatchObject({ kind: 'auth', status });
  });
});
