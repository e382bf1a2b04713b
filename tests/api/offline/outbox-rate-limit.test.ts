// A tablet back online with a long queue meets the server's rate limit: the outbox waits as the
// 429's Retry-After says and then carries on by itself (its own wake timer, no user action),
// until every change is applied once.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDevice } from '../../support/fresh-device';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { db as device } from '../../../src/client/offline/db';
import { setApiOrigin } from '../../../src/client/offline/http';
import { outboxStatus } from '../../../src/client/offline/outbox-status';
import { startOutbox } from '../../../src/client/offline/outbox-triggers';
import { isUnsent } from '../../../src/client/offline/outbox-entry';
import { transferStatusCall } from '../../../src/shared/actions/calls';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import type { Transfer } from '../../../src/shared/entities';
import type { TransferAction } from '../../../src/shared/request-status';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser } from '../support/tokens';
import { waitFor } from '../../support/wait-for';
import { cachedList } from '../../support/cached-list';


let server: TestApp;
let stop: (() => void) | undefined;

beforeAll(async () => {
  await freshDevice();
  server = await bootTestApp({ config: { rateLimitPerMinute: 8, rateLimitWindowMs: 2000 } });
  const staff = await createTestUser('admin');
  setApiOrigin(server.baseUrl);
  sessionState.set({ status: 'verified', person: { uid: staff.uid, email: staff.email } });
  setTokenSource(async () => ({ uid: staff.uid, token: staff.token }));
  authGate.set('open');
  await syncCollection('transfers');
});

afterAll(async () => {
  stop?.();
  await server?.close();
});

it('resumes by itself after 429s and applies every change once', async () => {
  const active = ((await cachedList('transfers').toArray()) as Transfer[]).filter((t) => t.status === 'active');
  const targets = active.slice(0, 4);
  const [mark] = await server.db.query<{ last: number | null }>('SELECT max(event_id) AS last FROM request_status_events');
  let queued = 0;
  for (let round = 0; round < 6; round++) {
    for (const transfer of targets) {
      const action: TransferAction = round % 2 === 0 ? 'complete' : 'incomplete';
      await enqueueAction(transferStatusCall(transfer.transfer_id, action), transfer);
      queued += 1;
    }
  }
  let paused = false;
  const unsubscribe = outboxStatus.subscribe(() => {
    if (outboxStatus.get().pausedUntil !== null) paused = true;
  });
  stop = startOutbox();
  await waitFor('every change sent', async () => (await device.outbox.filter(isUnsent).count()) === 0, {
    timeout: 60_000,
    interval: 200,
  });
  unsubscribe();
  expect(await device.outbox.filter(isUnsent).count()).toBe(0);
  expect(paused).toBe(true); // the limit was really hit
  const events = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM request_status_events WHERE event_id > $1',
    [mark?.last ?? 0],
  );
  expect(events[0]!.n).toBe(queued);
}, 90_000);
