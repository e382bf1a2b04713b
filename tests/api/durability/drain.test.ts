// The drain a clean stop begins with (issue 21, plugins/app/drain.ts): new connections are
// refused at once, a request already on its way is answered (with Connection: close), a change
// stream ends with `503 server_stopping` and a `retry:` hint, /healthz answers 503 `draining`,
// and the app then closes. One process; the rolling restart (tests/api/live/rolling-restart.test.ts)
// drives the same through real processes and a proxy.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPING_RETRY_MS } from '../../../src/server/routes/admin/changes';
import { API_BASE } from '../../../src/shared/constants';
import { openStream } from '../live/sse-client';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, type TestUser } from '../support/tokens';

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  [t, staff] = await Promise.all([bootTestApp({ seed: false }), createTestUser('admin')]);
});

afterAll(async () => {
  await t?.close();
});

/** A connection with a request on it, all but its last line break: the server has not seen it whole. */
async function halfSentRequest(baseUrl: string, path: string, token: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n`);
  return {
    async finish(): Promise<string> {
      socket.write('\r\n');
      await ended;
      return answer;
    },
  };
}

describe('draining before a clean stop', () => {
  it('refuses new connections, answers the requests under way, ends streams with a retry hint', async () => {
    const stream = await openStream(t.baseUrl, staff.token);
    await stream.next((e) => e.event === 'cursors');
    const pending = await halfSentRequest(t.baseUrl, `${API_BASE}/admin/transfers`, staff.token);
    // Let the server take the connection before the drain closes its door.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const drainStarted = performance.now();
    const drained = t.app.drain.run(5000);
    expect(t.app.drain.active).toBe(true);

    const end = await stream.next((e) => e.event === 'end');
    expect(end.data).toEqual({ status: 503, code: 'server_stopping' });
    expect(stream.raw()).toContain(`retry: ${STOPPING_RETRY_MS}\nevent: end\n`);
    await stream.closed;

    const refused = await fetch(`${t.baseUrl}/healthz`).then(
      () => 'answered',
      (error: unknown) => ((error as Error).cause as { code?: string } | undefined)?.code ?? 'failed',
    );
    expect(refused).toBe('ECONNREFUSED');

    const answer = await pending.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');

    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'draining' });

    // Every connection gone (the stream's too, idle since its end), long before the 5 s grace.
    await drained;
    expect(performance.now() - drainStarted).toBeLessThan(2000);
  });
});
