// Emulator mode answers only requests addressed to this machine (issue 18 §3): a page that reaches
// 127.0.0.1 by DNS rebinding sends its own name as Host and is refused with 421 before any route
// runs; loopback names and addresses pass. With a real Firebase project there is no check.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { hostName } from '../../../src/server/plugins/external/host-check';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createTestUser, type TestUser } from '../support/tokens';

let t: TestApp;
let admin: TestUser;
let port: number;

beforeAll(async () => {
  [t, admin] = await Promise.all([bootTestApp({ seed: false }), createTestUser('admin')]);
  port = Number(new URL(t.baseUrl).port);
});
afterAll(async () => t?.close());

const staffRows = () => t.db.query('SELECT 1 FROM staff WHERE uid = $1', [admin.uid]);

/** A real HTTP request with the headers as given (fetch will not let a caller set Host). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

const ROUTES = [
  '/healthz',
  '/nodejsapp/api/config',
  '/api/config',
  '/nodejsapp/api/role',
  '/nodejsapp/api/admin/transfers',
  // The emulator's sign-in REST paths, proxied on this origin: the rebinding page's way in.
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  '/nodejsapp/api/no-such-route',
];

describe('the Host check in emulator mode', () => {
  it('refuses another host with 421 on every path, before any route, with or without a token', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, 'rebind.attacker.test:8080', '192.168.1.20:8080', '0.0.0.0']) {
      for (const path of ROUTES) {
        const res = await get(path, { host, authorization: `Bearer ${admin.token}` });
        expect(res.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(res.body), `${host} ${path}`).toMatchObject({ error: { code: 'misdirected_request' } });
      }
    }
    // No route ran: GET /role records each staff member it answers.
    expect(await staffRows()).toEqual([]);
  });

  it('refuses a proxy forwarding another host name', async () => {
    const res = await get('/nodejsapp/api/config', { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'pharmacy.example.com' });
    expect(res.status).toBe(421);
  });

  it('lets 127.0.0.1, localhost and [::1] through, with any port or none', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', '127.0.0.1', `[::1]:${port}`, '[::1]']) {
      const config = await get('/nodejsapp/api/config', { host });
      expect(config.status, host).toBe(200);
      expect(JSON.parse(config.body), host).toMatchObject({ authEmulator: true });
      expect((await get('/nodejsapp/api/admin/transfers', { host, authorization: `Bearer ${admin.token}` })).status, host).toBe(200);
    }
    expect((await get('/healthz', { host: `localhost:${port}` })).status).not.toBe(421);
    expect((await get('/nodejsapp/api/role', { host: `localhost:${port}`, authorization: `Bearer ${admin.token}` })).status).toBe(200);
    expect(await staffRows()).toHaveLength(1);
  });

  it('reads the name of a Host header', () => {
    expect(hostName('localhost:8080')).toBe('localhost');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    expect(hostName('[::1]:8080')).toBe('[::1]');
    for (const bad of ['', 'a b', 'localhost:8080:1', '::1', 'localhost:port', 'localhost, evil.example']) {
      expect(hostName(bad), bad).toBeNull();
    }
  });
});

describe('with a real Firebase project', () => {
  it('does not check Host (the server is meant to be reached by name)', async () => {
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const app = await buildApp(
      {
        ...t.config,
        identity: { mode: 'firebase', projectId: 'acme-pharmacy', apiKey: 'AIza-test', authDomain: 'acme-pharmacy.firebaseapp.com' },
      },
      { db: t.db },
    );
    try {
      const response = await app.inject({ url: '/nodejsapp/api/config', headers: { host: 'pharmacy.example.com' } });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });
});
