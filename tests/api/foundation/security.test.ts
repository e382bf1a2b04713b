// Security headers, body and rate limits, client addresses behind a proxy, the single-page
// fallback, 404s and what the logs hold.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { captureLogs } from '../support/log-capture';
import { bearer, createTokenSet, type TokenSet } from '../support/tokens';
import { waitFor } from '../../support/wait-for';

let t: TestApp;
let tokens: TokenSet;
const logs = captureLogs();

beforeAll(async () => {
  [t, tokens] = await Promise.all([bootTestApp({ logStream: logs.stream }), createTokenSet()]);
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    for (const url of ['/nodejsapp/api/config', '/healthz', '/nodejsapp/api/nope']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives['default-src']).toBe("'self'");
      expect(directives['script-src']).toBe("'self'");
      expect(directives['connect-src']).toBe("'self'");
      expect(directives['worker-src']).toBe("'self'");
      expect(directives['manifest-src']).toBe("'self'");
      expect(directives['object-src']).toBe("'none'");
      expect(directives['frame-ancestors']).toBe("'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const permissions = (response.headers.get('permissions-policy') ?? '').split(/,\s*/);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture']) {
        expect(permissions, `${url} ${feature}`).toContain(`${feature}=()`);
      }
    }
  });
});

describe('limits', () => {
  it('answers 413 JSON to a body over 256 KiB', async () => {
    const response = await fetch(`${t.baseUrl}/nodejsapp/api/admin/Renewals/status/1`, {
      method: 'PUT',
      headers: { ...bearer(tokens.admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active', padding: 'x'.repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large' },
    });
  });

  it('answers 429 JSON with Retry-After past the rate limit', async () => {
    const app = await buildApp({ ...t.config, rateLimitPerMinute: 5 }, { db: t.db });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await app.inject({ url: i % 2 ? '/api/config' : '/nodejsapp/api/config' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toMatchObject({ error: { code: 'rate_limited' } });
      // Health checks are never limited.
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('keeps patient data out of HTTP caches on a 429 too', async () => {
    const app = await buildApp({ ...t.config, rateLimitPerMinute: 1 }, { db: t.db });
    try {
      const headers = bearer(tokens.admin.token);
      expect((await app.inject({ url: '/api/admin/transfers', headers })).statusCode).toBe(200);
      const limited = await app.inject({ url: '/api/admin/transfers', headers });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('says which field is wrong on bad input, without a stack trace', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/nodejsapp/api/admin/Renewals/status/1',
      headers: { ...bearer(tokens.admin.token), 'content-type': 'application/json' },
      payload: { status: 'lost' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/status/);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  // Requests are injected with the peer address a TCP socket would have: the proxy's, or a
  // client's that reaches the server directly.
  const PROXY = '10.0.0.2';
  const config = '/nodejsapp/api/config';

  async function withApp(
    trustProxy: Config['trustProxy'],
    run: (app: FastifyInstance, lines: () => Record<string, unknown>[]) => Promise<void>,
  ) {
    const capture = captureLogs();
    const app = await buildApp(
      { ...t.config, trustProxy, rateLimitPerMinute: 2, logLevel: 'info' },
      { db: t.db, logStream: capture.stream },
    );
    try {
      await run(app, () => capture.lines().filter((line) => line.msg === 'request'));
    } finally {
      await app.close();
    }
  }

  const from = (app: FastifyInstance, peer: string, forwardedFor?: string) =>
    app
      .inject({
        url: config,
        remoteAddress: peer,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
      .then((response) => response.statusCode);

  it('gives two clients behind a trusted proxy a bucket each, and logs their addresses', async () => {
    await withApp([PROXY], async (app, lines) => {
      expect([await from(app, PROXY, '203.0.113.5'), await from(app, PROXY, '203.0.113.5')]).toEqual([200, 200]);
      expect(await from(app, PROXY, '203.0.113.5')).toBe(429);
      expect(await from(app, PROXY, '203.0.113.6')).toBe(200);
      expect(lines().map((line) => line.ip)).toEqual(['203.0.113.5', '203.0.113.5', '203.0.113.5', '203.0.113.6']);
    });
  });

  it('trusts a hop count: the address the last trusted hop saw', async () => {
    await withApp(1, async (app, lines) => {
      expect(await from(app, PROXY, '198.51.100.1, 203.0.113.7')).toBe(200);
      expect(lines().map((line) => line.ip)).toEqual(['203.0.113.7']);
    });
  });

  it('by default puts everyone behind the proxy in its one bucket', async () => {
    await withApp(false, async (app, lines) => {
      expect([await from(app, PROXY, '203.0.113.5'), await from(app, PROXY, '203.0.113.5')]).toEqual([200, 200]);
      expect(await from(app, PROXY, '203.0.113.6')).toBe(429);
      expect(lines().map((line) => line.ip)).toEqual([PROXY, PROXY, PROXY]);
    });
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    await withApp([PROXY], async (app, lines) => {
      const direct = '198.51.100.9';
      expect([await from(app, direct, '203.0.113.1'), await from(app, direct, '203.0.113.2')]).toEqual([200, 200]);
      // A new forged address each time does not buy a new allowance.
      expect(await from(app, direct, '203.0.113.3')).toBe(429);
      expect(lines().map((line) => line.ip)).toEqual([direct, direct, direct]);
    });
  });
});

describe('the app and unknown paths', () => {
  let dist: string;

  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Pharmacy</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1);');
    // What `sourcemap: 'hidden'` writes beside it, and copies as the compression step would make.
    for (const name of ['index-3f9a1c.js.map', 'index-3f9a1c.js.map.br', 'index-3f9a1c.js.map.gz', 'style-1b2c.css.map']) {
      writeFileSync(path.join(dist, 'assets', name), '{"version":3,"sources":["../src/client/secret.ts"]}');
    }
    writeFileSync(path.join(dist, 'sw.js.map'), '{"version":3}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves index.html for app paths, files with their cache policy, and JSON 404s elsewhere', async () => {
    const app = await buildApp({ ...t.config, distDir: dist }, { db: t.db });
    try {
      for (const url of ['/', '/dashboard', '/users/12', '/messages?id=3&filter=All']) {
        const response = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
      const sw = await app.inject({ url: '/sw.js' });
      expect(sw.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ url: '/assets/index-3f9a1c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      for (const url of [
        '/nodejsapp/api/nope',
        '/api/nope',
        '/nodejsapp/whatever',
        '/missing.js',
        '/assets/gone-123.css',
      ]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ error: { code: 'not_found' } });
      }
      for (const url of [
        '/assets/index-3f9a1c.js.map',
        '/assets/index-3f9a1c.js.map.br',
        '/assets/index-3f9a1c.js.map.gz',
        '/assets/style-1b2c.css.map',
        '/assets/INDEX-3F9A1C.JS.MAP',
        '/assets/index-3f9a1c.js%2emap',
        '/sw.js.map',
      ]) {
        for (const encoding of ['br, gzip', 'identity']) {
          const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
          expect(response.statusCode, `${url} ${encoding}`).toBe(404);
          expect(response.body, url).not.toContain('secret.ts');
          expect(response.json(), url).toMatchObject({ error: { code: 'not_found' } });
        }
      }
      const post = await app.inject({ method: 'POST', url: '/dashboard' });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('hold method, route, status, duration and request id, never a token or patient data', async () => {
    const before = logs.text().length;
    const transfer = (
      await t.db.query<{ first_name: string; last_name: string; email: string }>(
        'SELECT first_name, last_name, email FROM transfers ORDER BY transfer_id LIMIT 1',
      )
    )[0]!;
    await fetch(`${t.baseUrl}/nodejsapp/api/admin/transfers`, {
      headers: bearer(tokens.admin.token),
    });
    await fetch(`${t.baseUrl}/nodejsapp/api/role`, { headers: bearer(tokens.patient.token) });
    await fetch(`${t.baseUrl}/nodejsapp/api/admin/transfers`, { headers: bearer(tokens.expired) });
    await fetch(`${t.baseUrl}/nodejsapp/api/admin/prescription-request-notify/transfer`, {
      method: 'PUT',
      headers: { ...bearer(tokens.admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...transfer, secret_note: 'PATIENT-SECRET-42' }),
    });
    await fetch(
      `${t.baseUrl}/nodejsapp/api/admin/transfers/complete/999999?email=leak@example.com`,
      {
        method: 'PUT',
        headers: bearer(tokens.admin.token),
      },
    );
    // Each request's line is written once its answer has gone.
    const requestLines = () => logs.text().slice(before).split('\n').filter((line) => line.includes('"msg":"request"'));
    await waitFor('the five requests logged', () => requestLines().length >= 5);
    const text = logs.text().slice(before);
    for (const secret of [
      tokens.admin.token,
      tokens.patient.token,
      tokens.expired,
      tokens.admin.token.split('.')[1]!,
      'Bearer',
      'authorization',
      'PATIENT-SECRET-42',
      'leak@example.com',
      transfer.email,
      transfer.last_name,
    ]) {
      expect(text).not.toContain(secret);
    }
    const lines = logs
      .lines()
      .filter((line) => line.msg === 'request' && String(line.route).includes('/admin/transfers'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      // A staff member's call names their account (issue 18); a refused one has no account to name.
      const staff = line.status !== 401;
      expect(Object.keys(line).sort()).toEqual(
        [
          'durationMs',
          'hostname',
          'ip',
          'level',
          'method',
          'msg',
          'pid',
          'reqId',
          'route',
          'status',
          'time',
          ...(staff ? ['uid'] : []),
        ].sort(),
      );
      if (staff) expect(line.uid).toBe(tokens.admin.uid);
    }
    // A patient's account is not named.
    expect(text).not.toContain(tokens.patient.uid);
  });
});

describe('server errors', () => {
  it('hide their details from the client and log them', async () => {
    const capture = captureLogs();
    const app = await buildApp(
      { ...t.config, logLevel: 'info' },
      { db: t.db, logStream: capture.stream },
    );
    app.get('/nodejsapp/api/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    try {
      const response = await app.inject({ url: '/nodejsapp/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal', message: 'Internal server error' },
      });
      expect(capture.text()).toContain('secret_table');
    } finally {
      await app.close();
    }
  });
});
