// Every /admin route the app registers, under both prefixes, with every kind of caller. Routes
// are collected as the app registers them, so a route added later is covered automatically.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { bearer, createTokenSet, type TokenSet } from '../support/tokens';

let t: TestApp;
let tokens: TokenSet;

beforeAll(async () => {
  [t, tokens] = await Promise.all([bootTestApp(), createTokenSet()]);
});
afterAll(async () => t?.close());

interface Case {
  method: HTTPMethods;
  url: string;
  pattern: string;
}

/** Concrete requests for the admin routes: each `:param` becomes 1, a wildcard becomes x. */
function adminCases(): Case[] {
  const cases: Case[] = [];
  for (const route of t.routes) {
    if (!/^\/(nodejsapp\/)?api\/admin(\/|$)/.test(route.url)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      const url = route.url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '1').replace(/\*/g, 'x');
      cases.push({ method: method as HTTPMethods, url, pattern: route.url });
    }
  }
  return cases;
}

/**
 * The answer's status, headers and body. A stream that is admitted (the change stream, an event
 * stream that never ends by itself) is read no further than its status and headers.
 */
async function call(c: Case, token?: string) {
  const response = await t.app.inject({
    method: c.method,
    url: c.url,
    headers: token ? bearer(token) : {},
    payloadAsStream: true,
  });
  const stream = response.stream();
  let body = '';
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
  } else {
    for await (const chunk of stream) body += String(chunk);
  }
  return { statusCode: response.statusCode, headers: response.headers, body };
}

/** Patient data must never sit in an HTTP cache: every /admin answer says so, refusals included. */
function expectNoStore(response: { headers: Record<string, unknown> }, c: Case) {
  expect(response.headers['cache-control'], `${c.method} ${c.pattern}`).toBe('no-store');
}

function expectJsonError(response: { statusCode: number; body: string }, method: string) {
  if (method === 'HEAD') return;
  const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
}

describe('role matrix over every /admin route', () => {
  it('covers both prefixes and at least the prescription lists', () => {
    const cases = adminCases();
    const patterns = new Set(cases.map((c) => c.pattern));
    expect(patterns.has('/nodejsapp/api/admin/transfers')).toBe(true);
    expect(patterns.has('/api/admin/transfers')).toBe(true);
    const under = (prefix: string) => cases.filter((c) => c.pattern.startsWith(prefix)).length;
    expect(under('/nodejsapp/api/admin')).toBe(under('/api/admin'));
  });

  it('answers 401 JSON with no token, a garbage token and an expired token', async () => {
    for (const c of adminCases()) {
      for (const token of [undefined, tokens.garbage, tokens.expired]) {
        const response = await call(c, token);
        expect(response.statusCode, `${c.method} ${c.pattern} token=${token?.slice(0, 8)}`).toBe(
          401,
        );
        expectJsonError(response, c.method);
        expectNoStore(response, c);
      }
    }
  });

  it('answers 403 JSON to a signed-in patient and to a user with no role', async () => {
    for (const c of adminCases()) {
      for (const user of [tokens.patient, tokens.none]) {
        const response = await call(c, user.token);
        expect(response.statusCode, `${c.method} ${c.pattern}`).toBe(403);
        expectJsonError(response, c.method);
        expectNoStore(response, c);
      }
    }
  });

  it('lets an admin through (neither 401 nor 403, and never a 5xx)', async () => {
    for (const c of adminCases()) {
      const response = await call(c, tokens.admin.token);
      expect([401, 403], `${c.method} ${c.pattern}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${c.method} ${c.pattern}: ${response.body}`).toBeLessThan(500);
      expectNoStore(response, c);
    }
  });

  it('checks the token before reading the body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/nodejsapp/api/admin/Renewals/status/1',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
  });
});
