import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Behavior, FakeApi } from './fake-api';
import { startFakeApi } from './fake-api';
import { resetDevice, sampleTransfer, shownTransfer, STAFF, tokenOf, unsentCount } from './test-device';
import { waitForOutboxResult } from '../../../src/client/offline/actions';
import { db } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { discardEntry, requeueEntry } from '../../../src/client/offline/outbox-edits';
import { outboxStatus } from '../../../src/client/offline/outbox-status';
import { resumeOutbox } from '../../../src/client/offline/outbox-triggers';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { notifyCall, transferStatusCall } from '../../../src/shared/actions/calls';
import type { TransferAction } from '../../../src/shared/request-status';
import { cachedList } from '../../support/cached-list';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  setApiOrigin(api.origin);
  await resetDevice('token-1');
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await api.close();
});

/** Same as actions.queueAction, without its kick (the tests drain by hand). */
function queue(id: number, action: TransferAction) {
  return enqueueAction(transferStatusCall(id, action), sampleTransfer(id));
}

/** Notify as the screen asks it, on the transfer as the device shows it. */
async function queueNotify(id: number) {
  const shown = (await shownTransfer(id)) ?? sampleTransfer(id);
  return enqueueAction(notifyCall(shown), shown);
}

async function seed(count: number) {
  api.seed(count);
  await cachedList('transfers').bulkPut(Array.from({ length: count }, (_, i) => sampleTransfer(i + 1)));
}

const mutations = () => api.log.filter((request) => request.method !== 'GET');

describe('outbox processor over real HTTP', () => {
  it('sends every change once, in order per record, and shows the answer', async () => {
    await seed(3);
    const a = await queue(1, 'complete');
    const b = await queue(1, 'incomplete');
    const c = await queue(2, 'flag');
    // This device holds transfer 3 as completed; the server has it active.
    await cachedList('transfers').put(sampleTransfer(3, 'completed'));
    const d = await queueNotify(3);

    const summary = await drainOutbox();
    expect(summary).toMatchObject({ sent: 3, rejected: 1 });
    const forRecord1 = mutations().filter((r) => r.path.endsWith('/1'));
    expect(forRecord1.map((r) => r.key)).toEqual([a.id, b.id]);
    expect(mutations().every((r) => r.token === 'token-1')).toBe(true);
    expect(api.effects.get(a.id)).toBe(1);
    expect(api.effects.get(b.id)).toBe(1);
    expect(api.effects.get(c.id)).toBe(1);
    expect(await shownTransfer(1)).toEqual(sampleTransfer(1, 'active'));
    expect(await shownTransfer(2)).toEqual(sampleTransfer(2, 'flagged'));
    // Notify on a transfer the server has as active: refused, in the server's words; the others
    // are taken (sent) and wait only for a sync to bring their records.
    expect((await db.outbox.toArray()).filter((entry) => entry.state !== 'sent')).toEqual([
      expect.objectContaining({
        id: d.id,
        state: 'conflict',
        lastStatus: 409,
        lastError: 'Please complete the transfer before sending a notification.',
      }),
    ]);
  });

  it('a change waits while an earlier one of its record is unfinished; other records go on', async () => {
    await seed(2);
    api.touch(1, 'flagged'); // the server moved on: "complete" will be refused
    const refused = await queue(1, 'complete');
    const behind = await queueNotify(1);
    const other = await queue(2, 'complete');

    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual(expect.arrayContaining([refused.id, other.id]));
    expect(mutations().some((r) => r.key === behind.id)).toBe(false);
    // The server's record is the truth now; the refused change is no longer shown.
    expect((await shownTransfer(1))!.status).toBe('flagged');
    expect(await waitForOutboxResult(refused.id)).toEqual({
      ok: false,
      status: 409,
      message: 'Cannot complete a flagged transfer',
    });

    // Discarding the conflict lets the next change of the record go (and be refused: not completed).
    await discardEntry(refused.id);
    await drainOutbox();
    expect(mutations().filter((r) => r.key === behind.id)).toHaveLength(1);
  });

  it('retries a 500 with backoff and resends after a dropped connection, applied once', async () => {
    await seed(1);
    api.script.push({ kind: 'status', status: 500 }, { kind: 'drop-after-commit' });
    const entry = await queue(1, 'complete');

    const before = Date.now();
    await drainOutbox();
    let stored = await db.outbox.get(entry.seq!);
    expect(stored).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    // Full jitter with Math.random() = 0.5 on the first retry: half of the 1 s base.
    expect(stored!.nextAttemptAt).toBeGreaterThanOrEqual(before + 500);
    expect(stored!.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 500);
    expect((await shownTransfer(1))!.status).toBe('completed');

    // Not due yet: a drain now sends nothing.
    await drainOutbox();
    expect(mutations()).toHaveLength(1);

    await drainOutbox({ ignoreBackoff: true });
    stored = await db.outbox.get(entry.seq!);
    expect(stored).toMatchObject({ state: 'pending', attempts: 2, lastStatus: null });
    expect(api.effects.get(entry.id)).toBe(1); // the server did it; the answer was lost
    expect(outboxStatus.get().pausedUntil).not.toBeNull(); // no answer: the whole queue waits

    await drainOutbox({ ignoreBackoff: true });
    expect(await unsentCount()).toBe(0);
    expect(mutations().map((r) => r.key)).toEqual([entry.id, entry.id, entry.id]);
    expect(api.effects.get(entry.id)).toBe(1);
    expect(await shownTransfer(1)).toEqual(sampleTransfer(1, 'completed'));
  });

  it('honours Retry-After and holds the whole queue on 503', async () => {
    await seed(2);
    api.script.push({ kind: 'status', status: 503, headers: { 'Retry-After': '7' } });
    const first = await queue(1, 'complete');
    await queue(2, 'complete');
    const before = Date.now();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await drainOutbox();
    const stored = await db.outbox.get(first.seq!);
    // Both lanes may have started before the 503 came back; the refused one waits >= 7 s.
    expect(stored!.nextAttemptAt).toBeGreaterThanOrEqual(before + 7000);
    expect(stored!.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 7000);
    expect(outboxStatus.get().pausedUntil).toBe(stored!.nextAttemptAt);
    const sent = mutations().length;
    await drainOutbox();
    expect(mutations()).toHaveLength(sent);
  });

  it('retries 409 in_progress with the same key', async () => {
    await seed(1);
    api.script.push({ kind: 'status', status: 409, body: { error: { code: 'in_progress', message: 'Still running' } } });
    const entry = await queue(1, 'complete');
    await drainOutbox();
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ state: 'pending', attempts: 1 });
    await drainOutbox({ ignoreBackoff: true });
    expect(await unsentCount()).toBe(0);
    expect(mutations().map((r) => r.key)).toEqual([entry.id, entry.id]);
  });

  it('tries a refreshed token once after a 401', async () => {
    await seed(1);
    setTokenSource(async (force) => ({ uid: STAFF.uid, token: force ? 'token-1' : 'stale' }));
    await queue(1, 'complete');
    await drainOutbox();
    expect(mutations().map((r) => [r.token, r.status])).toEqual([
      ['stale', 401],
      ['token-1', 200],
    ]);
    expect(await unsentCount()).toBe(0);
  });

  it('pauses the whole queue on a refused token until resumeOutbox, losing nothing', async () => {
    await seed(2);
    setTokenSource(tokenOf('revoked'));
    const a = await queue(1, 'complete');
    const b = await queue(2, 'complete');
    await drainOutbox();
    expect(authGate.get()).toBe('refused');
    const tried = mutations().length;
    expect(tried).toBeGreaterThan(0);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: a.id, state: 'pending', attempts: 0 }),
      expect.objectContaining({ id: b.id, state: 'pending', attempts: 0 }),
    ]);
    await drainOutbox();
    expect(mutations()).toHaveLength(tried);

    setTokenSource(tokenOf('token-1'));
    resumeOutbox();
    await drainOutbox();
    expect(await unsentCount()).toBe(0);
    expect(api.effects.get(a.id)).toBe(1);
    expect(api.effects.get(b.id)).toBe(1);
  });

  it('waits like for a lost connection when no token can be had (refresh failed offline)', async () => {
    await seed(1);
    setTokenSource(async () => {
      throw new Error('auth/network-request-failed');
    });
    const entry = await queue(1, 'complete');
    await drainOutbox();
    expect(authGate.get()).toBe('open');
    expect(outboxStatus.get().pausedUntil).not.toBeNull();
    expect(api.log).toHaveLength(0);
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ state: 'pending', attempts: 0 });

    setTokenSource(tokenOf('token-1'));
    await drainOutbox({ ignoreBackoff: true });
    expect(await unsentCount()).toBe(0);
  });

  it('sends nothing while nobody is signed in', async () => {
    await seed(1);
    setTokenSource(tokenOf(null));
    await queue(1, 'complete');
    await drainOutbox();
    expect(authGate.get()).toBe('signed-out');
    expect(api.log).toHaveLength(0);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'pending' })]);
  });

  it('after a crash mid-send, resends the entry with its key and the server applies it once', async () => {
    await seed(1);
    const entry = await queue(1, 'complete');
    // The previous page died after the server committed: state 'sending', no answer recorded.
    api.script.push({ kind: 'drop-after-commit' });
    await drainOutbox();
    await db.outbox.update(entry.seq!, { state: 'sending' });
    outboxStatus.set({ draining: false, pausedUntil: null });

    await drainOutbox({ ignoreBackoff: true });
    expect(await unsentCount()).toBe(0);
    expect(api.effects.get(entry.id)).toBe(1);
    expect((await shownTransfer(1))!.status).toBe('completed');
  });

  it('keeps the server state on a 409 and can retry with a new key', async () => {
    await seed(1);
    api.touch(1, 'flagged');
    const entry = await queue(1, 'complete');
    await drainOutbox();
    expect(await shownTransfer(1)).toEqual(sampleTransfer(1, 'flagged'));

    api.touch(1, 'active'); // someone unflagged it meanwhile (this device has not heard yet)
    const retried = await requeueEntry(entry.id);
    // As far as this device knows the transfer is flagged: the retry shows once the server takes it.
    expect((await shownTransfer(1))!.status).toBe('flagged');
    expect(await db.outbox.get(entry.seq!)).toMatchObject({ id: retried!.id, state: 'pending' });
    await drainOutbox();
    expect(mutations().map((r) => r.key)).toEqual([entry.id, retried!.id]);
    expect(await unsentCount()).toBe(0);
    expect(api.transfers.get(1)!.status).toBe('completed');
    expect((await shownTransfer(1))!.status).toBe('completed');
  });

  it('notify reads the record from {record, ...} and reports success', async () => {
    api.seed(1);
    api.touch(1, 'completed');
    await cachedList('transfers').put(sampleTransfer(1, 'completed'));
    const entry = await queueNotify(1);
    const result = waitForOutboxResult(entry.id);
    await drainOutbox();
    expect(await result).toEqual({
      ok: true,
      record: sampleTransfer(1, 'completed'),
      response: { transfer_id: 1, queued: true, record: sampleTransfer(1, 'completed') },
    });
    expect(api.emails).toEqual(['p1@example.test']);
  });

  it('hears results sent by another tab or the service worker', async () => {
    await seed(1);
    const queued = await queue(1, 'complete');
    await db.outbox.update(queued.seq!, { id: 'from-elsewhere', state: 'sending' });
    const other = new BroadcastChannel('pharmacy-outbox');
    const result = waitForOutboxResult('from-elsewhere');
    const entry = { ok: false, status: 409, message: 'Changed' } as const;
    other.postMessage({ type: 'result', entryId: 'from-elsewhere', result: entry });
    await expect(result).resolves.toEqual(entry);
    other.close();
  });

  it('loses nothing and applies nothing twice under random failures', async () => {
    const records = 30;
    await seed(records);
    const expected = new Map<number, 'active' | 'completed'>();
    const entries = [];
    for (let i = 0; i < 150; i++) {
      const id = 1 + ((i * 7) % records);
      const completed = expected.get(id) === 'completed';
      entries.push(await queue(id, completed ? 'incomplete' : 'complete'));
      expected.set(id, completed ? 'active' : 'completed');
    }
    vi.restoreAllMocks();
    const behaviors: Behavior[] = [
      { kind: 'ok' },
      { kind: 'ok' },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503, headers: { 'Retry-After': '0' } },
      { kind: 'drop' },
      { kind: 'drop-after-commit' },
    ];
    let seed32 = 42;
    const random = () => ((seed32 = (seed32 * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    api.script.push(...Array.from({ length: 400 }, () => behaviors[Math.floor(random() * behaviors.length)]!));

    for (let round = 0; round < 200 && (await unsentCount()) > 0; round++) {
      await drainOutbox({ ignoreBackoff: true });
    }
    expect(await unsentCount()).toBe(0);
    for (const entry of entries) expect(api.effects.get(entry.id)).toBe(1);
    for (const [id, status] of expected) {
      expect(api.transfers.get(id)!.status).toBe(status);
      expect(await shownTransfer(id)).toEqual(sampleTransfer(id, status));
    }
    expect(mutations().length).toBeGreaterThan(entries.length); // failures really happened
    const statuses = new Set(mutations().map((r) => r.status));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 500, 503, 'dropped']));
  });
});
