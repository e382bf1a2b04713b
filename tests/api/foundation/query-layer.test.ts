// The one query layer (src/server/db/client.ts), on PGlite or (DATABASE_URL) PostgreSQL: a value
// reaches the database as it was given, whatever it holds, and comes back the same on both; the
// JSON written where it costs least is the rows' JSON; the start-up lock admits one at a time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../../../src/server/db/client';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';

let fresh: FreshDatabase;
let db: Db;

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.db;
  await db.exec(`CREATE TABLE query_layer_values (
    id serial PRIMARY KEY, label text, labels text[], counts int[], body jsonb, flag boolean,
    at timestamptz, amount numeric, day date)`);
});
afterAll(async () => fresh?.close());

const TRICKY_TEXTS = [
  "it's",
  "'); DROP TABLE query_layer_values; --",
  'back\\slash \\\' and \\\\ two',
  'E\'\\x41\'',
  '$1 $$ $tag$ ::text',
  'line\nbreak\ttab\r',
  'accents: é à ç, emoji 💊, CJK 薬局',
  '{"a": 1}',
  '{a,b}',
  ' ',
  '',
  'x'.repeat(100_000),
];

describe(`the query layer on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('passes every parameter as given, and reads it back the same', async () => {
    for (const label of TRICKY_TEXTS) {
      const labels = [label, "quote ' comma , brace } back \\ \"dq\"", 'NULL', null as unknown as string];
      const body = { text: label, nested: { list: [1, 'two', null, true] } };
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO query_layer_values (label, labels, counts, body, flag, at, amount, day)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [label, labels, [1, -2, 3], body, false, '2026-11-18T15:05:00.123Z', 12.5, '2026-11-18'],
      );
      const [back] = await db.query(
        `SELECT label, labels, counts, body, flag, at, amount, day,
           label = $2 AS same_label, $3::text AS echoed
         FROM query_layer_values WHERE id = $1`,
        [row!.id, label, label],
      );
      expect(back, label.slice(0, 40)).toEqual({
        label,
        labels,
        counts: [1, -2, 3],
        body,
        flag: false,
        at: '2026-11-18T15:05:00.123Z',
        amount: 12.5,
        day: '2026-11-18',
        same_label: true,
        echoed: label,
      });
    }
    // The injection attempt above was a value: the table is still there, with every row.
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM query_layer_values')) as [{ n: number }];
    expect(n).toBe(TRICKY_TEXTS.length);
  });

  it('answers = ANY of an array, NULL and untyped parameters alike', async () => {
    const rows = await db.query<{ label: string }>(
      'SELECT label FROM query_layer_values WHERE label = ANY($1) ORDER BY label',
      [["it's", 'nope', '{a,b}']],
    );
    expect(rows.map((r) => r.label)).toEqual(["it's", '{a,b}']);
    expect(await db.query('SELECT $1::text AS a, $2::int AS b, $3 AS c', [null, undefined, 'plain'])).toEqual([
      { a: null, b: null, c: 'plain' },
    ]);
  });

  it('refuses a text holding a NUL, as PostgreSQL does', async () => {
    await expect(db.query('SELECT $1::text AS t', ['before\0after'])).rejects.toThrow(/0x00/);
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('gives the same answers once a statement is prepared afresh, and to callers at once', async () => {
    const text = 'SELECT count(*)::int AS n FROM query_layer_values WHERE flag = $1';
    expect(await db.query(text, [false])).toEqual([{ n: TRICKY_TEXTS.length }]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      const outside = Array.from({ length: 5 }, () => db.query(text, [false]));
      const inside = db.transaction((tx) => Promise.all(Array.from({ length: 5 }, () => tx.query(text, [true]))));
      expect(await Promise.all(outside)).toEqual(Array.from({ length: 5 }, () => [{ n: TRICKY_TEXTS.length }]));
      expect(await inside).toEqual(Array.from({ length: 5 }, () => [{ n: 0 }]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the rows JSON as JSON.stringify writes them', async () => {
    const text = `SELECT id, label, labels, counts, flag, amount, day, NULL::text AS nothing
      FROM query_layer_values WHERE id <= $1 ORDER BY id DESC`;
    for (const upTo of [0, 1, 3, 1000]) {
      expect(await db.queryJson(text, [upTo])).toBe(JSON.stringify(await db.query(text, [upTo])));
    }
    // A json value is the same value, though the database may space it otherwise.
    const withBody = 'SELECT id, body FROM query_layer_values WHERE id <= $1 ORDER BY id';
    expect(JSON.parse(await db.queryJson(withBody, [3]))).toEqual(await db.query(withBody, [3]));
    const inTransaction = await db.transaction((tx) => tx.queryJson(text, [2]));
    expect(inTransaction).toBe(JSON.stringify(await db.query(text, [2])));
  });

  it('lets one caller at a time hold the start-up lock, from any process', async () => {
    // A second connection pool stands for a second process on PostgreSQL; the embedded database
    // belongs to one process, whose callers take turns.
    const other = fresh.databaseUrl ? await openDb({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir }) : db;
    try {
      const events: string[] = [];
      const hold = (who: string, ms: number) => async () => {
        events.push(`${who} in`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${who} out`);
        return who;
      };
      const results = await Promise.all([db.oneAtATime(hold('A', 300)), other.oneAtATime(hold('B', 10))]);
      expect(results).toEqual(['A', 'B']);
      expect(events).toEqual(['A in', 'A out', 'B in', 'B out']);
      // Released after a failure too.
      await expect(db.oneAtATime(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
      expect(await other.oneAtATime(async () => 'after')).toBe('after');
    } finally {
      if (other !== db) await other.close();
    }
  });
});
