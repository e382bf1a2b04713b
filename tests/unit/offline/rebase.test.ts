import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChangeNotAllowedError, requestNotify, requestTransferAction } from '../../../src/client/offline/actions';
import { db } from '../../../src/client/offline/db';
import { enqueueChange } from '../../../src/client/offline/enqueue';
import { discardEntry, requeueEntry } from '../../../src/client/offline/outbox-edits';
import { applyPatch, buildRow, toView } from '../../../src/client/offline/cached-row';
import { rebaseRecord } from '../../../src/client/offline/rebase';
import { resetDevice, sampleTransfer } from './test-device';

beforeEach(() => resetDevice(null));

describe('optimistic apply', () => {
  it('changes the cached record and queues the entry in one transaction', async () => {
    const server = sampleTransfer(1);
    await db.transfers.put(server);
    const entry = await requestTransferAction(server, 'complete');

    const row = await db.transfers.get(1);
    expect(toView(row!)).toMatchObject({ transfer_id: 1, status: 'completed' });
    expect(row!._base).toEqual(server);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: entry.id,
      schemaVersion: 2,
      owner: { uid: 'uid-1', email: 'staff@pharmacy.test' },
      method: 'PUT',
      path: '/admin/transfers/complete/1',
      collection: 'transfers',
      recordKey: 1,
      patch: { status: 'completed' },
      label: 'Mark as Complete',
      state: 'pending',
      attempts: 0,
    });
  });

  it('writes nothing when the current view forbids the change', async () => {
    await db.transfers.put(sampleTransfer(1, 'flagged'));
    await expect(requestTransferAction(sampleTransfer(1, 'flagged'), 'complete')).rejects.toBeInstanceOf(
      ChangeNotAllowedError,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.transfers.get(1)).toEqual(sampleTransfer(1, 'flagged'));
  });

  it('rolls back the record when queuing fails midway', async () => {
    await db.transfers.put(sampleTransfer(1));
    const failing = enqueueChange({
      kind: 'transfer-action',
      collection: 'transfers',
      record: sampleTransfer(1),
      method: 'PUT',
      path: '/admin/transfers/complete/1',
      patch: { status: 'completed' },
      label: 'Mark as Complete',
      body: () => {
        throw new Error('boom');
      },
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.transfers.get(1)).toEqual(sampleTransfer(1));
  });

  it('lays several unsent changes over the base in send order', async () => {
    await db.transfers.put(sampleTransfer(1));
    await requestTransferAction(sampleTransfer(1), 'complete');
    await requestTransferAction(sampleTransfer(1, 'completed'), 'incomplete');
    await requestTransferAction(sampleTransfer(1), 'flag');
    const row = await db.transfers.get(1);
    expect(row!.status).toBe('flagged');
    expect(row!._base).toEqual(sampleTransfer(1));
  });

  it('sends the whole current transfer as the notify body and changes nothing', async () => {
    await db.transfers.put(sampleTransfer(1, 'completed'));
    const entry = await requestNotify(sampleTransfer(1, 'completed'));
    expect(entry.body).toEqual(sampleTransfer(1, 'completed'));
    expect(entry.patch).toEqual({});
    expect(entry.label).toBe('Notify patient');
  });
});

describe('rebase', () => {
  it('keeps unsent changes on top of a newer server version', async () => {
    await db.transfers.put(sampleTransfer(1));
    await requestTransferAction(sampleTransfer(1), 'complete');
    const newer = { ...sampleTransfer(1), pharmacy_name: 'New Pharmacy' };
    await db.transaction('rw', db.transfers, db.outbox, () => rebaseRecord('transfers', newer));
    const row = await db.transfers.get(1);
    expect(toView(row!)).toEqual({ ...newer, status: 'completed' });
    expect(row!._base).toEqual(newer);
  });

  it('drops _base when nothing is pending', async () => {
    await db.transfers.put(sampleTransfer(1));
    await db.transaction('rw', db.transfers, db.outbox, () => rebaseRecord('transfers', sampleTransfer(1, 'completed')));
    expect(await db.transfers.get(1)).toEqual(sampleTransfer(1, 'completed'));
  });

  it('does not apply entries in conflict, but applies later pending ones', async () => {
    const base = sampleTransfer(1);
    const entries = [
      { seq: 1, state: 'conflict', patch: { status: 'completed' } },
      { seq: 2, state: 'pending', patch: { pharmacy_name: 'Later' } },
    ] as never[];
    const inFlight = (entries as { state: string }[]).filter((e) => e.state === 'pending') as never[];
    expect(buildRow(base, inFlight)).toMatchObject({ status: 'active', pharmacy_name: 'Later', _base: base });
    expect(applyPatch(base, { patch: { status: 'flagged' } }).status).toBe('flagged');
  });

  it('discard restores the server version', async () => {
    await db.transfers.put(sampleTransfer(1));
    const entry = await requestTransferAction(sampleTransfer(1), 'complete');
    await db.outbox.where('id').equals(entry.id).modify({ state: 'conflict', lastError: 'no' });
    expect(await discardEntry(entry.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.transfers.get(1)).toEqual(sampleTransfer(1));
  });

  it('discard of a middle entry keeps the others applied', async () => {
    await db.transfers.put(sampleTransfer(1));
    const first = await requestTransferAction(sampleTransfer(1), 'complete');
    await enqueueChange({
      kind: 'status-change',
      collection: 'transfers',
      record: sampleTransfer(1),
      method: 'PUT',
      path: '/x',
      patch: { pharmacy_name: 'Edited' },
      label: 'Edit',
    });
    await discardEntry(first.id);
    const row = await db.transfers.get(1);
    expect(toView(row!)).toEqual({ ...sampleTransfer(1), pharmacy_name: 'Edited' });
  });

  it('retry re-queues a conflict with a new key at the same place', async () => {
    await db.transfers.put(sampleTransfer(1));
    const entry = await requestTransferAction(sampleTransfer(1), 'complete');
    await db.transaction('rw', db.transfers, db.outbox, async () => {
      await db.outbox.where('id').equals(entry.id).modify({ state: 'conflict', lastError: 'x', lastStatus: 409 });
      await rebaseRecord('transfers', sampleTransfer(1, 'flagged'));
    });
    expect((await db.transfers.get(1))!.status).toBe('flagged');
    const retried = await requeueEntry(entry.id);
    expect(retried!.id).not.toBe(entry.id);
    expect(retried!.seq).toBe(entry.seq);
    const stored = await db.outbox.get(entry.seq!);
    expect(stored).toMatchObject({ id: retried!.id, state: 'pending', attempts: 0, lastError: null });
    expect((await db.transfers.get(1))!.status).toBe('completed');
  });
});
