// A queued change and what the person sees (issue 17): the entry names its action and arguments,
// the cached row stays the server's, and the view lays the queue over it in send order.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChangeNotAllowedError, ChangeNotValidError } from '../../../src/client/offline/actions';
import { db } from '../../../src/client/offline/db';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { discardEntry, requeueEntry } from '../../../src/client/offline/outbox-edits';
import type { OutboxEntry } from '../../../src/client/offline/outbox-entry';
import { overlay } from '../../../src/client/offline/overlay';
import { notifyCall, statusCall, transferStatusCall } from '../../../src/shared/actions/calls';
import { resetDevice, sampleTransfer, shownTransfer } from './test-device';
import { cachedList } from '../../support/cached-list';

beforeEach(() => resetDevice(null));

const queue = (id: number, action: Parameters<typeof transferStatusCall>[1]) =>
  enqueueAction(transferStatusCall(id, action), sampleTransfer(id));

describe('queueing a staff action', () => {
  it('writes only the outbox entry: its action, arguments, owner and words', async () => {
    const server = sampleTransfer(1);
    await cachedList('transfers').put(server);
    const entry = await queue(1, 'complete');

    expect(await cachedList('transfers').get(1)).toEqual(server);
    expect(await shownTransfer(1)).toEqual({ ...server, status: 'completed' });
    const entries = await db.outbox.toArray();
    expect(entries).toEqual([
      expect.objectContaining({
        id: entry.id,
        schemaVersion: 3,
        owner: { uid: 'uid-1', email: 'staff@pharmacy.test' },
        action: 'transfer-status',
        args: { params: { action: 'complete', transfer_id: '1' } },
        collection: 'transfers',
        recordKey: 1,
        label: 'Mark as Complete',
        state: 'pending',
        attempts: 0,
      }),
    ]);
  });

  it('writes nothing when the record as shown forbids the change, in the server’s words', async () => {
    await cachedList('transfers').put(sampleTransfer(1, 'flagged'));
    const refused = queue(1, 'complete');
    await expect(refused).rejects.toBeInstanceOf(ChangeNotAllowedError);
    await expect(refused).rejects.toThrow('Transfer is flagged; it cannot be changed to completed.');
    expect(await db.outbox.count()).toBe(0);
  });

  it('checks against the changes queued before it, not only the server’s row', async () => {
    await cachedList('transfers').put(sampleTransfer(1));
    await queue(1, 'flag');
    await expect(queue(1, 'complete')).rejects.toBeInstanceOf(ChangeNotAllowedError);
    await queue(1, 'unflag');
    await queue(1, 'complete');
    expect((await shownTransfer(1))!.status).toBe('completed');
    expect((await cachedList('transfers').get(1))!.status).toBe('active');
  });

  it('refuses a call the server would answer 400, queueing nothing', async () => {
    await cachedList('inquiries').put({
      message_id: 9,
      user_id: null,
      first_name: 'Ann',
      last_name: 'Lee',
      email: null,
      phone_number: null,
      message: 'Hello',
      created_at: '2026-11-01T10:00:00.000Z',
      resolved: false,
      replied: false,
      reply: null,
    });
    const call = { action: 'inquiry-reply', args: { params: { message_id: '9' }, body: { reply: '   ' } } } as const;
    await expect(enqueueAction(call)).rejects.toBeInstanceOf(ChangeNotValidError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('labels a refill-type status change from the record before it', async () => {
    await cachedList('refills').put({ ...sampleTransfer(1), id: 1, type: 'Refill', rx_number: 'RX1', status: 'flagged' } as never);
    const entry = await enqueueAction(statusCall('refills', 1, 'active'));
    expect(entry).toMatchObject({ action: 'refills-status', args: { params: { id: '1' }, body: { status: 'active' } }, label: 'Unflag' });
  });

  it('notify carries the whole transfer as shown and changes nothing', async () => {
    await cachedList('transfers').put(sampleTransfer(1, 'completed'));
    const entry = await enqueueAction(notifyCall(sampleTransfer(1, 'completed')));
    expect(entry.args.body).toEqual(sampleTransfer(1, 'completed'));
    expect(entry.label).toBe('Notify patient');
    expect(await shownTransfer(1)).toEqual(sampleTransfer(1, 'completed'));
  });
});

describe('the view: server row and queue', () => {
  const entry = (seq: number, fields: Partial<OutboxEntry>): OutboxEntry =>
    ({
      seq,
      id: `e${seq}`,
      action: 'transfer-status',
      args: { params: { action: 'complete', transfer_id: '1' }, body: undefined },
      state: 'pending',
      ...fields,
    }) as OutboxEntry;

  it('skips refused entries but lays the later pending ones, in send order', () => {
    const base = sampleTransfer(1);
    const view = overlay(base, [
      entry(1, { state: 'conflict' }),
      entry(2, { args: { params: { action: 'flag', transfer_id: '1' }, body: undefined } }),
    ]);
    expect(view.status).toBe('flagged');
  });

  it('shows an answered record until a sync lets the answer go, then the row', () => {
    const answered = { ...sampleTransfer(1, 'completed'), pharmacy_name: 'From the answer' };
    expect(overlay(sampleTransfer(1), [entry(1, { state: 'sent', answer: { record: answered, at: 1 } })])).toEqual(answered);
    // Taken by the server without its record (the body was lost): the change itself shows.
    expect(overlay(sampleTransfer(1), [entry(1, { state: 'sent', answer: { record: null, at: 1 } })]).status).toBe('completed');
  });

  it('does not show a change the record as it stands forbids', () => {
    expect(overlay(sampleTransfer(1, 'flagged'), [entry(1, {})]).status).toBe('flagged');
  });
});

describe('a person’s decisions', () => {
  it('discard shows the server’s version again', async () => {
    await cachedList('transfers').put(sampleTransfer(1));
    const queued = await queue(1, 'complete');
    await db.outbox.where('id').equals(queued.id).modify({ state: 'conflict', lastError: 'no' });
    expect(await discardEntry(queued.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await shownTransfer(1)).toEqual(sampleTransfer(1));
  });

  it('discard of a middle entry keeps the others shown', async () => {
    await cachedList('transfers').put(sampleTransfer(1));
    const first = await queue(1, 'flag');
    await queue(1, 'unflag');
    await queue(1, 'complete');
    await discardEntry(first.id);
    expect((await shownTransfer(1))!.status).toBe('completed');
  });

  it('retry re-queues a conflict with a new key at the same place, its words worked out again', async () => {
    await cachedList('transfers').put(sampleTransfer(1));
    const queued = await queue(1, 'complete');
    await db.outbox.where('id').equals(queued.id).modify({ state: 'conflict', lastError: 'x', lastStatus: 409 });
    const retried = await requeueEntry(queued.id);
    expect(retried!.id).not.toBe(queued.id);
    expect(retried!.seq).toBe(queued.seq);
    const stored = await db.outbox.get(queued.seq!);
    expect(stored).toMatchObject({ id: retried!.id, state: 'pending', attempts: 0, lastError: null, label: 'Mark as Complete' });
    expect((await shownTransfer(1))!.status).toBe('completed');
  });
});
