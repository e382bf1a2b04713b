// A tablet back online with a long queue meets the server's rate limit: the outbox waits as the
// 429's Retry-After says and then carries on by itself (its own wake timer, no user action),
// until every change is applied once.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transferActionChange } from '../../../src/client/offline/actions';
import { enqueueChange } from '../../../src/client/offline/enqueue';
import { db as device } from '../../../src/client/offline/db';
import { setApiOrigin } from '../../../src/client/offline/http';
import { outboxStatus } from '../../../src/client/offline/outbox-status';
import { startOutbox } from '../../../src/client/offline/outbox-triggers';
import { toView } from '../../../src/client/offline/cached-row';
import { authGate, setSignedInPerson, setTokenSource } from '../../../src/client/offline/session';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import type { Transfer } from '../../../src/shared/entities';
import type { TransferAction } from '../../../src/shared/request-status';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser } from '../support/tokens';


let server: TestApp;
let stop: (() => void) | undefined;

beforeAll(async () => {
  server = await bootTestApp({ config: { rateLimitPerMinute: 8, rateLimitWindowMs: 2000 } });
  const staff = await createTestUser('admin');
  setApiOrigin(server.baseUrl);
  setSignedInPerson({ uid: staff.uid, email: staff.email });
  setTokenSource(async () => ({ uid: staff.uid, token: staff.token }));
  authGate.set('open');
  await syncCollection('transfers');
});

afterAll(async () => {
  stop?.();
  await server?.close();
});

it('resumes by itself after 429s and applies every change once', async () => {
  const active = (await device.transfers.toArray()).map((row) => toView(row) as Transfer).filter((t) => t.status === 'active');
  const targets = active.slice(0, 4);
  const [mark] = await server.db.query<{ last: number | null }>('SELECT max(event_id) AS last FROM request_status_events');
  let queued = 0;
  for (let round = 0; round < 6; round++) {
    for (const transfer of targets) {
      const action: TransferAction = round % 2 === 0 ? 'complete' : 'incomplete';
      await enqueueChange(transferActionChange(transfer, action));
      queued += 1;
    }
  }
  let paused = false;
  const unsubscribe = outboxStatus.subscribe(() => {
    if (outboxStatus.get().pausedUntil !== null) paused = true;
  });
  stop = startOutbox();
  const deadline = Date.now() + 60_000;
  while ((await device.outbox.count()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  unsubscribe();
  expect(await device.outbox.count()).toBe(0);
  expect(paused).toBe(true); // the limit was really hit
  const events = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM request_status_events WHERE event_id > $1',
    [mark?.last ?? 0],
  );
  expect(events[0]!.n).toBe(queued);
}, 90_000);
