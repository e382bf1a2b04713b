// Changes queued by the release before issue 17 (outbox schema 2: a method, a path, a body and a
// patch) are still on tablets after the update. Each must reach the server exactly once: one
// never sent, and one the old build sent whose answer was lost (the server keeps that key's
// answer for the old path and body, so the new build must send the very same request).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDevice } from '../../support/fresh-device';
import { db as device } from '../../../src/client/offline/db';
import { setApiOrigin } from '../../../src/client/offline/http';
import { drainOutbox } from '../../../src/client/offline/outbox';
import { isUnsent, type OutboxEntry } from '../../../src/client/offline/outbox-entry';
import type { LegacyEntry } from '../../../src/client/offline/outbox-migrate';
import { authGate, setTokenSource } from '../../../src/client/offline/session';
import { sessionState } from '../../../src/client/offline/session-state';
import { syncCollection } from '../../../src/client/offline/sync-engine';
import { API_BASE } from '../../../src/shared/constants';
import type { Appointment, Inquiry, Transfer } from '../../../src/shared/entities';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, type TestUser } from '../support/tokens';
import { cachedList } from '../../support/cached-list';

let server: TestApp;
let staff: TestUser;

beforeAll(async () => {
  await freshDevice();
  server = await bootTestApp();
  staff = await createTestUser('admin');
  setApiOrigin(server.baseUrl);
  sessionState.set({ status: 'verified', person: { uid: staff.uid, email: staff.email } });
  setTokenSource(async () => ({ uid: staff.uid, token: staff.token }));
  authGate.set('open');
  await Promise.all([syncCollection('transfers'), syncCollection('appointments'), syncCollection('inquiries')]);
});

afterAll(() => server?.close());

/** An entry exactly as the schema-2 outbox stored it. */
function legacy(id: string, fields: Pick<LegacyEntry, 'kind' | 'path' | 'collection' | 'recordKey'> & { body?: unknown }): LegacyEntry {
  const now = Date.now();
  return {
    id,
    schemaVersion: 2,
    owner: { uid: staff.uid, email: staff.email },
    method: 'PUT',
    patch: {},
    label: 'Queued before the update',
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    lastError: null,
    lastStatus: null,
    ...fields,
  };
}

/** What the old build did before its answer was lost: the same request with the same key. */
async function sentByOldBuild(entry: LegacyEntry): Promise<number> {
  const response = await fetch(`${server.baseUrl}${API_BASE}${entry.path}`, {
    method: entry.method,
    headers: {
      Authorization: `Bearer ${staff.token}`,
      'Idempotency-Key': entry.id,
      ...(entry.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function eventsOf(key: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM request_status_events WHERE idempotency_key = $1',
    [key],
  );
  return row!.n;
}

describe('entries queued by the previous release', () => {
  it('replay exactly once after the update, whether the old build sent them already or not', async () => {
    const transfers = (await cachedList('transfers').toArray()) as Transfer[];
    const [fresh, sentBefore] = transfers.filter((t) => t.status === 'active');
    const completed = transfers.find((t) => t.status === 'completed' && t.email)!;
    const appointment = ((await cachedList('appointments').toArray()) as Appointment[]).find(
      (a) => a.status === 'scheduled' && a.appointment_type === 'Vaccine' && Boolean(a.email),
    )!;
    const inquiry = ((await cachedList('inquiries').toArray()) as Inquiry[]).find((q) => !q.resolved && !q.replied && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q.email ?? ''))!;
    const [mails] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');

    const entries = [
      legacy('legacy-transfer', { kind: 'transfer-action', path: `/admin/transfers/complete/${fresh!.transfer_id}`, collection: 'transfers', recordKey: fresh!.transfer_id }),
      legacy('legacy-sent-before', { kind: 'transfer-action', path: `/admin/transfers/flag/${sentBefore!.transfer_id}`, collection: 'transfers', recordKey: sentBefore!.transfer_id }),
      legacy('legacy-notify', { kind: 'notify', path: '/admin/prescription-request-notify/transfer', body: completed, collection: 'transfers', recordKey: completed.transfer_id }),
      legacy('legacy-cancel', {
        kind: 'appointment-cancel',
        path: `/admin/appointments/cancel/vaccine/${appointment.appointment_id}`,
        body: { vaccine_id: appointment.vaccine_id },
        collection: 'appointments',
        recordKey: appointment.appointment_id,
      }),
      legacy('legacy-reply', {
        kind: 'inquiry-reply',
        path: `/admin/messages/${inquiry.message_id}/reply`,
        body: { selectedInquiry: inquiry, reply: 'Answered before the update.' },
        collection: 'inquiries',
        recordKey: inquiry.message_id,
      }),
    ];
    expect(await sentByOldBuild(entries[1]!)).toBe(200);
    expect(await sentByOldBuild(entries[2]!)).toBe(200);
    // Left on the device as the old build stored them (a tab of the old version writing into the
    // upgraded database stores exactly this).
    await device.outbox.bulkAdd(entries as unknown as OutboxEntry[]);

    for (let round = 0; round < 10 && (await device.outbox.filter(isUnsent).count()) > 0; round++) {
      await drainOutbox({ ignoreBackoff: true });
    }
    const settled = await device.outbox.toArray();
    expect(settled.map((entry) => [entry.id, entry.state, entry.lastStatus])).toEqual(
      entries.map((entry) => [entry.id, 'sent', null]),
    );
    expect(await eventsOf('legacy-transfer')).toBe(1);
    expect(await eventsOf('legacy-sent-before')).toBe(1);
    expect(await eventsOf('legacy-cancel')).toBeGreaterThanOrEqual(1);
    expect(await eventsOf('legacy-reply')).toBe(1);
    const [after] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    // One notify email (sent once by the old build, replayed by the new), one cancellation, one reply.
    expect(after!.n - mails!.n).toBe(3);
    const [flagged] = await server.db.query<{ status: string }>('SELECT status FROM transfers WHERE transfer_id = $1', [
      sentBefore!.transfer_id,
    ]);
    expect(flagged!.status).toBe('flagged');
  });
});
