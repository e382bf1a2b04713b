// The device's real outbox (Dexie on fake-indexeddb, the app's own modules) against the real
// server, through a proxy that injects faults: dropped connections after the server committed,
// 500s, an expired token. Nothing is lost, nothing is applied twice, order per record holds.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDevice } from '../../support/fresh-device';
import { enqueueAction } from '../../../src/client/offline/enqueue';
import { db as device } from '../../../src/client/offline/db';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { isUnsent } from '../../../src/client/offline/outbox-entry';
import {
  cancelCall,
  notifyCall,
  savedReplyCreateCall,
  savedReplyDeleteCall,
  savedReplyEditCall,
  transferStatusCall,
} from '../../../src/shared/actions/calls';
import { blankSavedReply, newSavedReplyId } from '../../../src/shared/saved-replies';
import { shownSavedReplies } from '../../../src/client/features/messages/saved-reply-list';
import { entriesByKey } from '../../../src/client/offline/overlay';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import type { Appointment, Transfer } from '../../../src/shared/entities';
import { actionTarget, type TransferAction } from '../../../src/shared/request-status';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, expiredToken, type TestUser } from '../support/tokens';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import { shownRecord, cachedList } from '../../support/cached-list';

let server: TestApp;
/** Changes the server has not taken yet. */
const unsent = () => device.outbox.filter(isUnsent).count();
let proxy: FaultProxy;
let staff: TestUser;

beforeAll(async () => {
  await freshDevice();
  server = await bootTestApp();
  staff = await createTestUser('admin');
  proxy = await startFaultProxy(server.baseUrl, () => expiredToken(staff.uid, staff.email));
  setApiOrigin(proxy.origin);
  sessionState.set({ status: 'verified', person: { uid: staff.uid, email: staff.email } });
  setTokenSource(async () => ({ uid: staff.uid, token: staff.token }));
  authGate.set('open');
  await syncCollection('transfers');
  await syncCollection('appointments');
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe('outbox against the real server with faults injected', () => {
  it('every change reaches the server exactly once, in order per record; one email per notify', async () => {
    const cached = (await cachedList('transfers').toArray()) as Transfer[];
    const active = cached.filter((t) => t.status === 'active').slice(0, 10);
    const completed = cached.find((t) => t.status === 'completed' && t.email)!;
    expect(active.length).toBeGreaterThanOrEqual(5);
    const [mark] = await server.db.query<{ last: number | null }>('SELECT max(event_id) AS last FROM request_status_events');
    const [before] = await server.db.query<{ mails: number }>(
      'SELECT count(*)::int AS mails FROM email_outbox WHERE to_address = $1',
      [completed.email],
    );

    // 12 toggles per record, queued while "offline" (nothing drains until asked).
    const expected = new Map<number, string[]>();
    const keys: string[] = [];
    for (let round = 0; round < 12; round++) {
      for (const transfer of active) {
        const action: TransferAction = round % 2 === 0 ? 'complete' : 'incomplete';
        keys.push((await enqueueAction(transferStatusCall(transfer.transfer_id, action), transfer)).id);
        expected.set(transfer.transfer_id, [...(expected.get(transfer.transfer_id) ?? []), actionTarget(action)]);
      }
    }
    const notify = await enqueueAction(notifyCall(completed), completed);

    const faults: Fault[] = ['pass', 'drop-after-commit', 'error-500', 'drop-before', 'expired-token', 'pass'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    proxy.script.push(...Array.from({ length: 600 }, () => faults[Math.floor(random() * faults.length)]!));

    for (let round = 0; round < 400 && (await unsent()) > 0; round++) {
      authGate.set('open');
      await drainOutbox({ ignoreBackoff: true });
    }
    expect(await unsent()).toBe(0);
    // The faults really happened.
    expect(new Set(proxy.log)).toEqual(new Set(faults));

    const events = await server.db.query<{ record_id: number; to_status: string; idempotency_key: string }>(
      `SELECT record_id, to_status, idempotency_key FROM request_status_events
        WHERE event_id > $1 AND entity = 'transfers' ORDER BY event_id`,
      [mark?.last ?? 0],
    );
    expect(events).toHaveLength(keys.length);
    expect(new Set(events.map((e) => e.idempotency_key))).toEqual(new Set(keys));
    for (const [id, statuses] of expected) {
      expect(events.filter((e) => e.record_id === id).map((e) => e.to_status)).toEqual(statuses);
    }
    const [after] = await server.db.query<{ after: number }>(
      'SELECT count(*)::int AS after FROM email_outbox WHERE to_address = $1',
      [completed.email],
    );
    expect(after!.after).toBe(before!.mails + 1);
    // The device shows what the server has.
    for (const transfer of active) {
      const [row] = await server.db.query<{ status: string }>('SELECT status FROM transfers WHERE transfer_id = $1', [
        transfer.transfer_id,
      ]);
      expect((await shownRecord('transfers', transfer.transfer_id))!.status).toBe(row!.status);
    }
    expect(notify.id).toBeTruthy();
  }, 120_000);

  it('a notify whose answers are lost after the server committed sends exactly one email', async () => {
    const cached = (await cachedList('transfers').toArray()) as Transfer[];
    const target = cached.filter((t) => t.status === 'completed' && t.email).at(-1)!;
    const count = async () =>
      (
        await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1', [
          target.email,
        ])
      )[0]!.n;
    const before = await count();
    proxy.script.length = 0;
    proxy.log.length = 0;
    proxy.script.push('drop-after-commit', 'drop-after-commit', 'pass');
    await enqueueAction(notifyCall(target), target);
    for (let round = 0; round < 20 && (await unsent()) > 0; round++) {
      await drainOutbox({ ignoreBackoff: true });
    }
    expect(await unsent()).toBe(0);
    expect(proxy.log).toEqual(['drop-after-commit', 'drop-after-commit', 'pass']);
    expect(await count()).toBe(before + 1);
  });

  it('cancellations whose answers are lost or refused reach the server once each: one audit event, one email', async () => {
    const cached = (await cachedList('appointments').toArray()) as Appointment[];
    const targets = cached.filter((a) => a.status === 'scheduled' && a.appointment_type !== 'Blocked' && a.email).slice(0, 4);
    expect(targets).toHaveLength(4);
    proxy.script.length = 0;
    proxy.log.length = 0;
    const faults: Fault[] = ['drop-after-commit', 'error-500', 'expired-token', 'drop-before', 'drop-after-commit'];
    proxy.script.push(...faults);
    for (const appointment of targets) await enqueueAction(cancelCall(appointment), appointment);
    // A second cancel of the same appointment is a repeat, on the device as on the server: it is
    // queued and answered with no second effect (one event, one email below).
    await enqueueAction(cancelCall(targets[0]!), targets[0]);
    for (let round = 0; round < 30 && (await unsent()) > 0; round++) {
      authGate.set('open');
      await drainOutbox({ ignoreBackoff: true });
    }
    expect(await unsent()).toBe(0);
    expect(proxy.log.slice(0, faults.length)).toEqual(faults);
    for (const appointment of targets) {
      const id = appointment.appointment_id;
      const [row] = await server.db.query<{ status: string }>('SELECT status FROM appointments WHERE appointment_id = $1', [id]);
      expect(row!.status).toBe('cancelled');
      const events = await server.db.query(
        `SELECT 1 FROM request_status_events WHERE entity = 'appointments' AND record_id = $1`,
        [id],
      );
      expect(events).toHaveLength(1);
      const emails = await server.db.query(
        `SELECT 1 FROM email_outbox WHERE kind = 'appointment_cancelled' AND to_address = $1`,
        [appointment.email],
      );
      expect(emails.length).toBeGreaterThanOrEqual(1);
      expect((await shownRecord('appointments', id))!.status).toBe('cancelled');
    }
    const [mails] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'appointment_cancelled'`,
    );
    expect(mails!.n).toBe(targets.length);
  });

  it('saved replies created, edited and deleted offline reach the server once each, in order; the device then shows what it has', async () => {
    proxy.script.length = 0;
    proxy.log.length = 0;
    const faults: Fault[] = ['drop-after-commit', 'error-500', 'drop-before', 'expired-token', 'drop-after-commit'];
    proxy.script.push(...faults);
    const [mark] = await server.db.query<{ last: number | null }>('SELECT max(event_id) AS last FROM saved_reply_events');
    const [kept, gone] = [newSavedReplyId(), newSavedReplyId()];
    const keys = [
      await enqueueAction(savedReplyCreateCall(kept, { title: 'Hours', text: 'We open at 9, {first_name}.' }), blankSavedReply(kept)),
      await enqueueAction(savedReplyCreateCall(gone, { title: 'Old', text: 'Soon gone.' }), blankSavedReply(gone)),
      await enqueueAction(savedReplyEditCall(kept, { title: 'Opening hours', text: 'We open at 8, {first_name}.' }), blankSavedReply(kept)),
      await enqueueAction(savedReplyDeleteCall(gone), blankSavedReply(gone)),
    ].map((entry) => entry.id);
    for (let round = 0; round < 30 && (await unsent()) > 0; round++) {
      authGate.set('open');
      await drainOutbox({ ignoreBackoff: true });
    }
    expect(await unsent()).toBe(0);
    expect(proxy.log.slice(0, faults.length)).toEqual(faults);
    const events = await server.db.query<{ saved_reply_id: number; action: string; idempotency_key: string }>(
      'SELECT saved_reply_id, action, idempotency_key FROM saved_reply_events WHERE event_id > $1 ORDER BY event_id',
      [mark?.last ?? 0],
    );
    expect(events.filter((e) => e.saved_reply_id === kept).map((e) => e.action)).toEqual(['create', 'edit']);
    expect(events.filter((e) => e.saved_reply_id === gone).map((e) => e.action)).toEqual(['create', 'delete']);
    expect(new Set(events.map((e) => e.idempotency_key))).toEqual(new Set(keys));

    await syncCollection('savedReplies');
    const entries = await device.outbox.where('collection').equals('savedReplies').toArray();
    const shown = shownSavedReplies(await cachedList('savedReplies').toArray(), entriesByKey(entries));
    const onServer = await server.db.query('SELECT saved_reply_id, title, text FROM saved_replies ORDER BY saved_reply_id');
    expect([...shown].sort((a, b) => a.saved_reply_id - b.saved_reply_id)).toEqual(onServer);
    expect(shown).toContainEqual({ saved_reply_id: kept, title: 'Opening hours', text: 'We open at 8, {first_name}.' });
    expect(shown.some((reply) => reply.saved_reply_id === gone)).toBe(false);
  });
});
