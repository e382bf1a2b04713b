// Every registered route, under both prefixes, fed generated bad paths, ids, query strings,
// headers and bodies (fast-check), without a token and with an admin's: never a 5xx, the server
// keeps answering /healthz, and not one row of any table changes. Routes are found by
// registration, so a route added later is fuzzed without editing this file.
//
// Only inputs that must be refused are generated. Without a token anything goes (an /admin route
// must refuse it). With the admin's token each request carries at least one poison that the
// route must refuse: an id that is not a positive whole number, a path segment no route has, a
// malformed Idempotency-Key (mutating routes), or a body that is not an object (routes with a
// body schema). Random query strings and headers ride along.
import type { HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTokenSet, type TokenSet } from '../support/tokens';
import { waitFor } from '../../support/wait-for';

const RUNS_PER_ROUTE_AND_CALLER = Number(process.env.FUZZ_RUNS ?? 150);

let t: TestApp;
let tokens: TokenSet;

beforeAll(async () => {
  [t, tokens] = await Promise.all([
    // A limit this test never reaches: a 429 would hide what the route itself answers.
    bootTestApp({ config: { rateLimitPerMinute: 1_000_000 } }),
    createTokenSet(),
  ]);
  await t.app.mailOutbox.drain();
  // The server records a staff member the first time it sees them (staff.ts, not awaited): that
  // first visit is made here, so the snapshot below holds it and the fuzz's own calls add nothing.
  await t.app.inject({ method: 'GET', url: '/api/admin/transfers?since=0&limit=1', headers: bearer(tokens.admin.token) });
  await waitFor('the staff visit recorded', async () => {
    const rows = await t.db.query('SELECT 1 FROM staff WHERE uid = $1', [tokens.admin.uid]);
    return rows.length === 1;
  });
});
afterAll(async () => t?.close());

/** Every row of every table, as sorted JSON lines. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await t.db.query<{ r: string }>(`SELECT row_to_json(x)::text AS r FROM "${name}" x`);
    all[name] = rows.map((row) => row.r).sort();
  }
  return all;
}

interface Target {
  method: HTTPMethods;
  url: string;
  params: string[];
  mutating: boolean;
  hasBodySchema: boolean;
  api: boolean;
}

function targets(): Target[] {
  const list: Target[] = [];
  for (const route of t.routes as RouteOptions[]) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      list.push({
        method: method as HTTPMethods,
        url: route.url,
        params: [...route.url.matchAll(/(?<!:):([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!),
        mutating: !['GET', 'HEAD'].includes(method),
        hasBodySchema: Boolean((route.schema as { body?: unknown } | undefined)?.body),
        api: /^\/(nodejsapp\/)?api(\/|$)/.test(route.url),
      });
    }
  }
  return list;
}

/** A route pattern with its params filled in; `::` is a literal colon. */
function fill(target: Target, value: (name: string) => string): string {
  return target.url.replace(/(?<!:):([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => value(name)).replaceAll('::', ':');
}

const text = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });
const anyText = fc.oneof(text, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

/** Never a positive whole number without sign or leading zero, so no id route may take it. */
const badId = fc.oneof(
  fc.constantFrom('0', '-1', '01', '1.5', '1e3', ' 1', '+1', '0x10', 'NaN', 'Infinity', '１', '1,2', 'null', '[1]'),
  // Not a lone '.': in a path that is the URL's own dot segment (`/admin/users/.` is
  // `/admin/users/`, the list), not an id the route is given.
  anyText.filter((s) => s.length > 0 && s !== '.' && !/^[1-9][0-9]*$/.test(s)),
);
/** As it lands in a URL: encoded, or a raw form that breaks the URL itself. */
const badIdInPath = fc.oneof(badId.map(encodeURIComponent), fc.constantFrom('%', '%zz', '..', '%00', '%2F'));

const query = fc.option(fc.dictionary(fc.oneof(fc.constantFrom('since', 'limit', 'id', 'status', '__proto__'), text), anyText, { maxKeys: 4 }), { nil: undefined });

const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ''));
const noiseHeaders = fc.dictionary(
  fc.constantFrom('accept', 'accept-language', 'x-forwarded-for', 'origin', 'cookie', 'if-none-match', 'range', 'x-http-method-override', 'content-encoding'),
  headerValue,
  { maxKeys: 3 },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'nonsense',
);
/** Anything as a body: JSON of any shape, broken JSON, nothing, or too much. */
const anyBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  anyText,
  fc.constant(''),
  fc.constant('{"status":'),
  fc.constant('x'.repeat(300 * 1024)),
);
/** A body no object schema accepts: not JSON, or JSON that is not an object. */
const nonObjectBody = fc.oneof(
  anyText.filter((s) => {
    try {
      const parsed: unknown = JSON.parse(s);
      return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed);
    } catch {
      return s.trim() !== '';
    }
  }),
  fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
);
const badKey = fc.oneof(fc.constantFrom('', 'a b', 'a/b', 'k'.repeat(201), 'é'), headerValue.filter((s) => !/^[A-Za-z0-9_.:-]{1,200}$/.test(s)));

interface Generated {
  url: string;
  headers: Record<string, string>;
  body?: string;
  poison: string;
}

function withQuery(url: string, q: Record<string, string> | undefined): string {
  if (!q) return url;
  const search = new URLSearchParams(q).toString();
  return search ? `${url}?${search}` : url;
}

/** No token, or a token that is not one: anything else goes. */
function anonymousRequest(target: Target): fc.Arbitrary<Generated> {
  const path = target.params.length
    ? fc.oneof(fc.constant(fill(target, () => '1')), badIdInPath.map((id) => fill(target, () => id)))
    : fc.constant(fill(target, () => '1'));
  return fc
    .record({
      path,
      q: query,
      headers: noiseHeaders,
      authorization: fc.option(fc.oneof(fc.constant(`Bearer ${tokens.expired}`), fc.constant(`Bearer ${tokens.garbage}`), headerValue.map((v) => `Bearer ${v}`), headerValue), { nil: undefined }),
      type: contentType,
      body: fc.option(anyBody, { nil: undefined }),
    })
    .map(({ path: p, q, headers, authorization, type, body }) => ({
      url: withQuery(p, q),
      headers: { ...headers, ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': type }) },
      body,
      poison: 'no valid token',
    }));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The admin's token, and at least one poison the route must refuse. */
function adminRequest(target: Target): fc.Arbitrary<Generated> {
  const poisons: fc.Arbitrary<Generated>[] = [];
  const base = fill(target, () => '1');
  if (target.params.length) {
    poisons.push(
      badIdInPath.map((id) => ({ url: fill(target, () => id), headers: {}, poison: `bad id ${id}` })),
    );
  }
  // A list with a record route below it (`/admin/users` and `/admin/users/:userId`): a whole
  // number after the list's path is that route, not a segment no route has.
  const idBelow = t.routes.some(
    (route) => route.method === target.method && new RegExp(`^${escapeRegExp(target.url)}/:[A-Za-z_][A-Za-z0-9_]*$`).test(route.url),
  );
  poisons.push(
    text
      // `.` and `..` are dot segments: the same path by URL rules, not a new one.
      .filter((s) => s.length > 0 && s !== '.' && s !== '..' && !(idBelow && /^[1-9][0-9]*$/.test(s)))
      .map((segment) => ({ url: `${base}/${encodeURIComponent(segment)}`, headers: {}, poison: `extra segment ${segment}` })),
  );
  if (target.mutating) {
    poisons.push(badKey.map((key) => ({ url: base, headers: { 'idempotency-key': key }, poison: `bad key ${key}` })));
  }
  if (target.hasBodySchema) {
    poisons.push(
      nonObjectBody.map((body) => ({ url: base, headers: { 'content-type': 'application/json' }, body, poison: `body ${body.slice(0, 40)}` })),
    );
  }
  return fc.record({ poisoned: fc.oneof(...poisons), q: query, noise: noiseHeaders, body: anyBody }).map(({ poisoned, q, noise, body }) => ({
    url: withQuery(poisoned.url, q),
    // The poison's own headers win over the noise; a poison that is not the body may carry any.
    headers: { ...noise, 'content-type': 'application/json', ...poisoned.headers, ...bearer(tokens.admin.token) },
    body: poisoned.body ?? (target.mutating ? body : undefined),
    poison: poisoned.poison,
  }));
}

async function send(target: Target, generated: Generated) {
  const options: InjectOptions = { method: target.method, url: generated.url, headers: generated.headers };
  if (generated.body !== undefined) options.payload = generated.body;
  return t.app.inject(options);
}

async function healthy(): Promise<boolean> {
  const response = await fetch(`${t.baseUrl}/healthz`);
  return response.status === 200;
}

describe('fuzzing every registered route', () => {
  // Some 30,000 requests: 15 s on a quiet machine here, minutes on a busy one (the time limit).
  it('answers bad input with 4xx (never 5xx), stays up, and changes no data', async () => {
    const list = targets();
    const patterns = new Set(list.map((target) => target.url));
    // Both prefixes of the API, the health check and the identity proxy are all in.
    expect(patterns.has('/nodejsapp/api/admin/transfers/:action/:transfer_id')).toBe(true);
    expect(patterns.has('/api/admin/transfers/:action/:transfer_id')).toBe(true);
    expect(patterns.has('/healthz')).toBe(true);

    const before = await snapshot();
    const started = Date.now();
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const target of list) {
      for (const [caller, arbitrary] of [
        ['anonymous', anonymousRequest(target)],
        ['admin', adminRequest(target)],
      ] as const) {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (generated) => {
            const response = await send(target, generated);
            requests += 1;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const what = `${caller} ${target.method} ${generated.url} (${generated.poison}) -> ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            const mustRefuse = target.api && (caller === 'admin' || target.url.includes('/admin'));
            if (mustRefuse) expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          }),
          { numRuns: RUNS_PER_ROUTE_AND_CALLER, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      }
      expect(await healthy(), `after ${target.method} ${target.url}`).toBe(true);
    }
    const after = await snapshot();
    expect(after).toEqual(before);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ');
    console.log(
      `fuzz: ${list.length} routes x ${RUNS_PER_ROUTE_AND_CALLER * 2} inputs (${RUNS_PER_ROUTE_AND_CALLER} anonymous, ${RUNS_PER_ROUTE_AND_CALLER} admin) = ${requests} requests in ${seconds} s; 0 answers >= 500, 0 crashes, ${Object.keys(before).length} tables unchanged; statuses ${byStatus}`,
    );
  }, 600_000);
});
