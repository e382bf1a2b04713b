// Kept sync pages (routes/admin/sync-page-cache.ts) against the protocol: a second device reading
// the list from the start after writes is handed pages kept from before them, and still ends with
// the list exactly as it stands (the rows changed, deleted and added come on the later pages).
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeltaPage } from '../../../src/shared/collections';
import { API_BASE, PACKED_PAGE_TYPE } from '../../../src/shared/constants';
import { bootPrescriptionApp, call, insertTransfer, type Row, type TestContext } from '../prescriptions/fixtures';

let ctx: TestContext;
/** Rows a page: 400 transfers are about 150 KB, enough to be kept. */
const LIMIT = 400;

beforeAll(async () => {
  ctx = await bootPrescriptionApp();
  await ctx.app.db.transaction((tx) =>
    tx.query(
      `INSERT INTO transfers (user_id, first_name, last_name, phone_number, email, date_of_birth,
         postal_code, pharmacy_name, pharmacy_number, status)
       SELECT NULL, 'Page', 'Kept ' || n, '416-555-0101', 'kept' || n || '@patients.test', '1980-01-01',
         'M5V 2T6', 'Bayview Drug Mart', '416-555-0199', 'active'
       FROM generate_series(1, 1500) AS n`,
    ),
  );
});
afterAll(async () => ctx?.close());

interface Walk {
  pages: DeltaPage<Row>[];
  /** The list the pages fold into, by key. */
  rows: Map<number, Row>;
}

/** A device's sync from the start: every page, folded as the app folds them. */
async function walkFromStart(): Promise<Walk> {
  const pages: DeltaPage<Row>[] = [];
  const rows = new Map<number, Row>();
  let cursor = '0';
  for (;;) {
    const { status, body } = await call<DeltaPage<Row>>(ctx, 'GET', `/admin/transfers?since=${cursor}&limit=${LIMIT}`);
    expect(status).toBe(200);
    pages.push(body);
    for (const row of body.items) rows.set(row.transfer_id as number, row);
    for (const key of body.deleted) rows.delete(key);
    cursor = body.cursor;
    if (!body.more) return { pages, rows };
  }
}

async function wholeList(): Promise<Map<number, Row>> {
  const { body } = await call<Row[]>(ctx, 'GET', '/admin/transfers');
  return new Map(body.map((row) => [row.transfer_id as number, row]));
}

describe('kept sync pages', () => {
  it('hand a later device pages from before the writes, and it ends with the list as it stands', async () => {
    const first = await walkFromStart();
    expect(first.pages.length).toBeGreaterThan(3);
    expect(first.rows).toEqual(await wholeList());

    // Writes after the first device read its pages: a row of the first page changes, one of the
    // second is deleted, a new one comes.
    const changed = first.pages[0]!.items[5]!;
    const gone = first.pages[1]!.items[7]!;
    await call(ctx, 'PUT', `/admin/transfers/complete/${changed.transfer_id as number}`);
    await ctx.app.db.transaction((tx) => tx.query(`DELETE FROM transfers WHERE transfer_id = $1`, [gone.transfer_id]));
    const added = await insertTransfer(ctx.app);

    const second = await walkFromStart();
    // The kept first page: the changed row as it was (no new read of that page).
    expect(second.pages[0]).toEqual(first.pages[0]);
    expect(second.pages[0]!.items[5]).toMatchObject({ transfer_id: changed.transfer_id, status: 'active' });
    // …and the device still ends with the list as it stands.
    const now = await wholeList();
    expect(now.get(changed.transfer_id as number)).toMatchObject({ status: 'completed' });
    expect(now.has(gone.transfer_id as number)).toBe(false);
    expect(now.has(added)).toBe(true);
    expect(second.rows).toEqual(now);
  });

  it('go gzipped to a client that takes gzip, the same text as a client that does not is sent', async () => {
    const ask = (acceptEncoding?: string, url = `/admin/transfers?since=0&limit=${LIMIT}`) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}${url}`,
        headers: { authorization: `Bearer ${ctx.tokens.admin}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept, Accept-Encoding');
    // A kept page (asked twice) and a whole list (compressed as it is sent) alike.
    for (const url of [`/admin/transfers?since=0&limit=${LIMIT}`, '/admin/transfers']) {
      const gzipped = await ask('gzip, deflate, br', url);
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      const text = gunzipSync(gzipped.rawPayload).toString('utf8');
      expect(text).toBe((await ask(undefined, url)).body);
      // About eightfold smaller: rows of the same fields.
      expect(gzipped.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 4);
    }
    // Refused by q=0, and a small answer (nothing new), go as they are.
    expect((await ask('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    const { body } = await call<DeltaPage<Row>>(ctx, 'GET', '/admin/transfers?since=0&limit=1');
    const small = await ask('gzip', `/admin/transfers?since=${body.cursor}&limit=1`);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("go packed, the kept gzip as the body, to the app's sync worker; a page too small to keep as JSON", async () => {
    const ask = (accept: string, url = `/admin/transfers?since=0&limit=${LIMIT}`) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}${url}`,
        headers: { authorization: `Bearer ${ctx.tokens.admin}`, accept, 'accept-encoding': 'gzip' },
      });
    const json = await ask('application/json');
    const packed = await ask(`${PACKED_PAGE_TYPE}, application/json`);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-type']).toBe(PACKED_PAGE_TYPE);
    // No Content-Encoding: the browser hands the gzip over as it is, for the device to store.
    expect(packed.headers['content-encoding']).toBeUndefined();
    expect(packed.headers.vary).toBe('Accept, Accept-Encoding');
    expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(gunzipSync(json.rawPayload).toString('utf8'));
    expect((JSON.parse(gunzipSync(packed.rawPayload).toString('utf8')) as DeltaPage<Row>).items).toHaveLength(LIMIT);
    // Refused by q=0: JSON, as to any client.
    expect((await ask(`${PACKED_PAGE_TYPE};q=0, application/json`)).headers['content-type']).toMatch(/^application\/json/);
    // A page too small to be kept goes as JSON even when packed is asked for.
    const { body } = await call<DeltaPage<Row>>(ctx, 'GET', '/admin/transfers?since=0&limit=1');
    const small = await ask(PACKED_PAGE_TYPE, `/admin/transfers?since=${body.cursor}&limit=1`);
    expect(small.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(small.body)).toMatchObject({ items: expect.any(Array) });
    // A token without the admin role asking packed is refused as any other ask: no page.
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin/transfers?since=0&limit=${LIMIT}`,
      headers: { authorization: `Bearer ${ctx.tokens.patient}`, accept: PACKED_PAGE_TYPE },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });
});
