// The API description (issue 21 item 6): served to admins only, it lists every route the app
// registers under the API base, it is a sound OpenAPI 3.1 document, and real answers of the
// running app match the schemas it gives for them (each object closed to fields it does not
// name, so a field added to an answer but not to its schema fails here too). `npm run openapi`
// writes the same document without a server or an identity service.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/shared/constants';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTestUser, type TestUser } from '../support/tokens';

const DOC_URL = `${API_BASE}/openapi.json`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

type Json = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

let t: TestApp;
let admin: TestUser;
let patient: TestUser;
let doc: Document;

beforeAll(async () => {
  [t, admin, patient] = await Promise.all([bootTestApp(), createTestUser('admin'), createTestUser('patient')]);
  const response = await t.app.inject({ url: DOC_URL, headers: bearer(admin.token) });
  expect(response.statusCode).toBe(200);
  doc = response.json<Document>();
});
afterAll(async () => t?.close());

/** `/nodejsapp/api/admin/users/:userId` → `/nodejsapp/api/admin/users/{userId}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, string, Operation] => [p, method, op]),
  );
}

/** The value a local `$ref` (`#/components/schemas/ErrorBody`) points at, or undefined. */
function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null || !(key in at)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/**
 * A copy of the document whose object schemas admit only the fields they name, unless they say
 * otherwise (`additionalProperties`): the serializer drops unnamed fields from most answers, but
 * the lists and the document itself are sent as JSON text, where nothing would.
 */
function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (typeof value !== 'object' || value === null) return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, closed(item)])) as Json;
  const properties = copy.properties as Json | undefined;
  if (copy.type === 'object' && properties && Object.keys(properties).length > 0 && !('additionalProperties' in copy)) {
    copy.additionalProperties = false;
  }
  return copy;
}

let ajv: Ajv2020 | undefined;
/** Validates `body` against the document's schema for this answer; returns Ajv's errors. */
function answerErrors(route: string, method: string, status: number, contentType: string, body: unknown): unknown {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(closed(doc) as Json, 'openapi');
  }
  const responses = doc.paths[route]?.[method]?.responses;
  expect(responses, `${method} ${route} is documented`).toBeDefined();
  const response = responses![String(status)];
  expect(response, `${method} ${route} documents ${status}`).toBeDefined();
  const mediaType = contentType.split(';')[0]!.trim();
  expect(Object.keys(response!.content ?? {}), `${method} ${route} ${status} as ${mediaType}`).toContain(mediaType);
  const pointer = ['paths', route, method, 'responses', String(status), 'content', mediaType, 'schema']
    .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/');
  const validate = ajv.getSchema(`openapi#/${pointer}`);
  expect(validate, `a schema for ${method} ${route} ${status}`).toBeDefined();
  return validate!(body) ? null : validate!.errors;
}

interface Call {
  method?: 'GET' | 'PUT' | 'POST';
  /** The route as registered, below the API base (`/admin/users/:userId`). */
  route: string;
  /** The URL called, below the API base (the route when it has no parameters). */
  url?: string;
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Makes the call, checks its answer against the document, and returns it. */
async function checked(c: Call, expectedStatus: number): Promise<{ status: number; body: unknown }> {
  const method = c.method ?? 'GET';
  const token = c.token === undefined ? admin.token : c.token;
  const response = await t.app.inject({
    method,
    url: `${API_BASE}${c.url ?? c.route}`,
    headers: { ...(token ? bearer(token) : {}), ...c.headers },
    ...(c.payload === undefined ? {} : { payload: c.payload as Json }),
  });
  expect(response.statusCode, `${method} ${c.url ?? c.route}: ${response.body.slice(0, 300)}`).toBe(expectedStatus);
  const body = response.json();
  const errors = answerErrors(
    openapiPath(`${API_BASE}${c.route}`),
    method.toLowerCase(),
    response.statusCode,
    String(response.headers['content-type']),
    body,
  );
  expect(errors, `${method} ${c.url ?? c.route} ${response.statusCode}`).toBeNull();
  return { status: response.statusCode, body };
}

describe('the API description', () => {
  it('is served to a signed-in admin only: 401 without a token, 403 to a patient, never cached', async () => {
    const none = await t.app.inject({ url: DOC_URL });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const refused = await t.app.inject({ url: DOC_URL, headers: bearer(patient.token) });
    expect(refused.statusCode).toBe(403);
    const served = await t.app.inject({ url: DOC_URL, headers: bearer(admin.token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.json()).toEqual(doc);
    // Its own answer matches the schema it gives itself.
    await checked({ route: '/openapi.json' }, 200);
  });

  it('has every route registered under the API base, with its method, and nothing else', () => {
    const documented = new Set(operations().map(([p, method]) => `${method.toUpperCase()} ${p}`));
    const registered = new Set<string>();
    for (const route of t.routes) {
      if (!route.url.startsWith(`${API_BASE}/`)) continue;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify answers HEAD for every GET by itself: the document lists the GET.
      for (const method of methods) registered.add(`${method === 'HEAD' ? 'GET' : method} ${openapiPath(route.url)}`);
    }
    expect(registered.size).toBeGreaterThan(30);
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    // Not the API: the app's files, /healthz, the identity proxy, the /api alias, /metrics.
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith(`${API_BASE}/`))).toBe(true);
  });

  it('is structurally sound OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    const schemes = Object.keys(doc.components.securitySchemes ?? {});
    expect(schemes).toEqual(['bearer']);
    for (const [p, method, op] of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      const responses = Object.entries(op.responses ?? {});
      expect(responses.length, `${where} has responses`).toBeGreaterThan(0);
      for (const [status, response] of responses) {
        expect(status, where).toMatch(/^([1-5][0-9][0-9]|[1-5]XX|default)$/);
        expect(typeof response.description, `${where} ${status} has a description`).toBe('string');
      }
      // Every {name} of the path is a required path parameter, and no other is.
      const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const inPath = (op.parameters ?? []).filter((param) => param.in === 'path');
      expect(inPath.map((param) => param.name).sort(), where).toEqual(templated);
      expect(inPath.every((param) => param.required === true), where).toBe(true);
      const names = (op.parameters ?? []).map((param) => `${param.in}:${param.name.toLowerCase()}`);
      expect(new Set(names).size, `${where}: no parameter twice`).toBe(names.length);
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(schemes, where).toContain(scheme);
      }
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolvePointer(ref), ref).toBeDefined();
    // Every schema in it compiles as JSON Schema 2020-12 (OpenAPI 3.1's dialect).
    const strict = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false });
    // Where the `$ref`s point (#/components/schemas/…): compiled as they are referred to.
    strict.addKeyword('components');
    const { components, ...rest } = doc;
    expect(() => strict.compile({ components, ...schemasOf(rest), $id: 'check' })).not.toThrow();
  });

  it('matches real answers: lists, records, widgets, the access log, a status change', async () => {
    await checked({ route: '/config', token: null }, 200);
    await checked({ route: '/role' }, 200);
    await checked({ route: '/role', token: patient.token }, 200);
    for (const route of t.routes) {
      // Every cached list, whole and as a delta page from the start.
      const listRoute = route.url.slice(API_BASE.length);
      if (route.method !== 'GET' || !route.schema?.querystring || !('since' in ((route.schema.querystring as Json).properties as Json)))
        continue;
      if (!route.url.startsWith(API_BASE)) continue;
      const { body } = await checked({ route: listRoute }, 200);
      expect((body as unknown[]).length, listRoute).toBeGreaterThan(0);
      const page = await checked({ route: listRoute, url: `${listRoute}?since=0&limit=50` }, 200);
      expect((page.body as { items: unknown[] }).items.length, listRoute).toBeGreaterThan(0);
    }
    const users = (await checked({ route: '/admin/users' }, 200)).body as { user_id: number }[];
    await checked({ route: '/admin/users/:userId', url: `/admin/users/${users[0]!.user_id}` }, 200);
    const inquiries = (await checked({ route: '/admin/inquiries' }, 200)).body as { message_id: number }[];
    await checked({ route: '/admin/inquiries/:messageId', url: `/admin/inquiries/${inquiries[0]!.message_id}` }, 200);
    const slots = (await checked({ route: '/admin/appointments' }, 200)).body as unknown[];
    expect(slots.length).toBeGreaterThan(0);
    const bookings = (await checked({ route: '/admin/appointments-bookings' }, 200)).body as {
      appointment_id: number;
      appointment_type: string;
      vaccine_id: number | null;
    }[];
    const vaccine = bookings.find((b) => b.appointment_type === 'Vaccine' && b.vaccine_id !== null)!;
    await checked(
      {
        route: '/admin/appointments/modal-info/:appointmentId/:type',
        url: `/admin/appointments/modal-info/${vaccine.appointment_id}/vaccine`,
      },
      200,
    );
    await checked({ route: '/admin/vaccination-members/:vaccine_id', url: `/admin/vaccination-members/${vaccine.vaccine_id}` }, 200);
    await checked({ route: '/admin/prescriptions-widget' }, 200);
    await checked({ route: '/admin/appointments-widget' }, 200);
    await checked({ route: '/admin/access-log/staff' }, 200);
    await checked({ route: '/admin/access-log', url: '/admin/access-log?limit=5' }, 200);

    const transfers = (await checked({ route: '/admin/transfers' }, 200)).body as { transfer_id: number; status: string }[];
    const active = transfers.find((transfer) => transfer.status === 'active')!;
    const route = '/admin/transfers/:action/:transfer_id';
    const changed = await checked({ method: 'PUT', route, url: `/admin/transfers/complete/${active.transfer_id}` }, 200);
    expect(changed.body).toMatchObject({ transfer_id: active.transfer_id, status: 'completed' });
  });

  it('matches real error answers: 400, 401, 403, 404, 409, 422', async () => {
    await checked({ route: '/admin/transfers', url: '/admin/transfers?since=soon' }, 400);
    await checked({ route: '/admin/transfers', token: null }, 401);
    await checked({ route: '/admin/transfers', token: patient.token }, 403);
    await checked({ route: '/admin/users/:userId', url: '/admin/users/2000000000' }, 404);
    await checked({ method: 'PUT', route: '/admin/transfers/:action/:transfer_id', url: '/admin/transfers/flag/2000000000' }, 404);
    await checked({ method: 'PUT', route: '/admin/:kind/status/:id', url: '/admin/Refills/status/1', payload: {} }, 400);

    const transfers = (await checked({ route: '/admin/transfers' }, 200)).body as Json[];
    const active = transfers.find((transfer) => transfer.status === 'active')!;
    const notify = { method: 'PUT' as const, route: '/admin/prescription-request-notify/transfer', payload: active };
    const refused = await checked(notify, 409);
    expect(refused.body).toMatchObject({ error: { code: 'not_completed' }, record: { transfer_id: active.transfer_id } });

    const key = { 'idempotency-key': `openapi-${Date.now()}` };
    await checked({ ...notify, headers: key }, 409);
    const other = transfers.find((transfer) => transfer.transfer_id !== active.transfer_id)!;
    await checked({ ...notify, payload: other, headers: key }, 422);
  });

  it('documents the answers that are not JSON under their own media types', async () => {
    const exported = await t.app.inject({ url: `${API_BASE}/admin/access-log/export.csv`, headers: bearer(admin.token) });
    expect(exported.statusCode).toBe(200);
    const csv = doc.paths[`${API_BASE}/admin/access-log/export.csv`]!.get!.responses['200']!.content!;
    expect(Object.keys(csv)).toEqual([String(exported.headers['content-type']).split(';')[0]]);

    const stream = await t.app.inject({
      url: `${API_BASE}/admin/changes`,
      headers: bearer(admin.token),
      payloadAsStream: true,
    });
    stream.stream().destroy();
    expect(stream.statusCode).toBe(200);
    const events = doc.paths[`${API_BASE}/admin/changes`]!.get!.responses['200']!.content!;
    expect(Object.keys(events)).toEqual([String(stream.headers['content-type']).split(';')[0]]);
  });

  it('marks who may call what: the bearer token everywhere but /config, the Idempotency-Key on changes', () => {
    for (const [p, method, op] of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.security ?? [], where).toEqual(p === `${API_BASE}/config` ? [] : [{ bearer: [] }]);
      const headers = (op.parameters ?? []).filter((param) => param.in === 'header').map((param) => param.name);
      const isChange = method !== 'get' && op.responses['200'] !== undefined;
      expect(headers.includes('Idempotency-Key'), where).toBe(isChange);
    }
  });

  it('is written by `npm run openapi -- FILE` the same, with no identity service to reach', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-cli-'));
    try {
      const file = path.join(dir, 'openapi.json');
      const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...env } = process.env;
      const code = await new Promise<number | null>((resolve, reject) => {
        const child = spawn('npm', ['run', '--silent', 'openapi', '--', file], { env, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
        child.once('error', reject);
        child.once('exit', (exit) => {
          if (exit !== 0) console.error(stderr);
          resolve(exit);
        });
      });
      expect(code).toBe(0);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(doc);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The document's schemas (parameters, bodies, answers) as `$defs` of one schema to compile. */
function schemasOf(rest: Omit<Document, 'components'>): Json {
  const defs: Json = {};
  for (const [p, item] of Object.entries(rest.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const name = `${method} ${p}`;
      (op.parameters ?? []).forEach((param, i) => (defs[`${name} parameter ${i}`] = param.schema));
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) defs[`${name} body ${type}`] = media.schema;
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) defs[`${name} ${status} ${type}`] = media.schema;
      }
    }
  }
  return { $defs: defs };
}
