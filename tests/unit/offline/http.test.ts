// The one HTTP client's failure semantics: a request that times out had no answer (it may have
// run: retry with the same key); a request the caller aborted is the caller's own business.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, NetworkError, setApiOrigin } from '../../../src/client/offline/http';

let server: Server;

beforeAll(async () => {
  // Never answers: every request hangs until someone gives up.
  server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('apiRequest timeouts', () => {
  it('a timeout is a network failure', async () => {
    const started = Date.now();
    await expect(apiRequest('/admin/transfers', { timeoutMs: 150 })).rejects.toBeInstanceOf(NetworkError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("the caller's abort wins over the timeout and is not a network failure", async () => {
    const controller = new AbortController();
    const request = apiRequest('/admin/transfers', { timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error('left the page'));
    const error = await request.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(controller.signal.aborted).toBe(true);
  });

  it("times out with the caller's signal still open", async () => {
    const controller = new AbortController();
    await expect(apiRequest('/admin/transfers', { timeoutMs: 100, signal: controller.signal })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(controller.signal.aborted).toBe(false);
  });
});
