// What the server lets go of (issue 18 §3): the body of an email delivered longer ago than
// MAIL_BODY_RETENTION (the row and its metadata stay), and the answer stored with an
// Idempotency-Key, which goes with the key when the key expires. Both by the mail worker's
// housekeeping, which runs when an instance starts and every hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { API_BASE } from '../../../src/shared/constants';
import { waitFor } from '../../support/wait-for';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, type TestUser } from '../support/tokens';
import { insertTransfer, unique } from '../prescriptions/fixtures';

const DAY_MS = 86_400_000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  [t, admin] = await Promise.all([bootTestApp({ seed: false }), createTestUser('admin')]);
});
afterAll(async () => t?.close());

/** Start another instance on the same database: its worker's housekeeping runs at once. */
async function housekeepingOf(config: Partial<Config>, until: () => Promise<boolean>): Promise<void> {
  const app = await buildApp({ ...t.config, ...config }, { db: t.db });
  try {
    await app.ready();
    await waitFor('the housekeeping to have run', until, { timeout: 15_000 });
  } finally {
    await app.close();
  }
}

interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: string | null;
}

/** A delivered email, sent `daysAgo`, or one still waiting (not due, so no worker sends it). */
async function insertEmail(sentDaysAgo: number | null): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO email_outbox (kind, to_address, subject, body_text, created_at, sent_at, next_attempt_at)
     VALUES ('transfer_complete', $1, 'Your prescription transfer is complete', 'Hello Ada, your transfer …',
       now() - interval '30 days', now() - $2 * interval '1 day', now() + interval '1 day')
     RETURNING id`,
    [`${unique('ada')}@patients.test`, sentDaysAgo],
  );
  return row!.id;
}

async function email(id: number): Promise<OutboxRow> {
  const [row] = await t.db.query<OutboxRow>(
    'SELECT id, kind, to_address, subject, body_text, sent_at FROM email_outbox WHERE id = $1',
    [id],
  );
  return row!;
}

describe('sent email bodies', () => {
  it('are cleared seven days after delivery by default, keeping the row; unsent ones keep theirs', async () => {
    expect(t.config.mailBodyRetentionMs).toBe(7 * DAY_MS);
    const [old, recent, waiting] = [await insertEmail(8), await insertEmail(6), await insertEmail(null)];
    const before = await email(old);
    await housekeepingOf({}, async () => (await email(old)).body_text === '');
    expect(await email(old)).toEqual({ ...before, body_text: '' });
    expect((await email(recent)).body_text).toContain('Hello Ada');
    expect((await email(waiting)).body_text).toContain('Hello Ada');
  });

  it('are kept as long as MAIL_BODY_RETENTION says', async () => {
    const [sixDays, oneDay] = [await insertEmail(6), await insertEmail(1)];
    await housekeepingOf({ mailBodyRetentionMs: 5 * DAY_MS }, async () => (await email(sixDays)).body_text === '');
    expect((await email(oneDay)).body_text).toContain('Hello Ada');
  });
});

describe('stored idempotency answers', () => {
  it('go with their key when it expires: no copy of the answer is left, and the key is new again', async () => {
    const lastName = unique('Lovelace');
    const id = await insertTransfer(t.app, { status: 'active', last_name: lastName });
    const key = unique('key');
    const put = () =>
      fetch(`${t.baseUrl}${API_BASE}/admin/transfers/flag/${id}`, {
        method: 'PUT',
        headers: { ...bearer(admin.token), 'idempotency-key': key },
      });
    const first = await put();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(lastName);
    const holding = () =>
      t.db.query('SELECT key FROM idempotency_keys WHERE response_body::text LIKE $1', [`%${lastName}%`]);
    expect(await holding()).toEqual([{ key }]);
    expect((await put()).headers.get('idempotent-replayed')).toBe('true');

    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - ($2 + 1) * interval '1 day' WHERE key = $1`, [
      key,
      t.config.idempotencyKeyDays,
    ]);
    await housekeepingOf({}, async () => (await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).length === 0);
    expect(await holding()).toEqual([]);
    // Forgotten: the same key runs as a new request (a repeat flag, so no effect), not a replay.
    const again = await put();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
