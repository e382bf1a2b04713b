// GET /healthz and GET /config: no token needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { freePort } from '../../../src/server/identity/emulator';
import { bootTestApp, type TestApp } from '../support/boot-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await bootTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('GET /healthz', () => {
  it('is 200 {status: ok} when the database and the emulator answer', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 when the identity service does not answer', async () => {
    const deadHost = `127.0.0.1:${await freePort()}`;
    const app = await buildApp(
      {
        ...t.config,
        identity: {
          ...t.config.identity,
          mode: 'emulator',
          host: deadHost,
          port: 0,
          projectId: 'demo-pharmacy',
        },
      },
      { db: t.db },
    );
    try {
      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'unavailable',
        identity: 'down',
        database: 'ok',
      });
    } finally {
      await app.close();
    }
  });
});

describe('GET /config', () => {
  it('gives the runtime settings of emulator mode under both prefixes', async () => {
    for (const base of ['/nodejsapp/api', '/api']) {
      const response = await fetch(`${t.baseUrl}${base}/config`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        pharmacyName: t.config.pharmacyName,
        timeZone: 'America/Toronto',
        firebase: { apiKey: 'demo-api-key', authDomain: '127.0.0.1', projectId: 'demo-pharmacy' },
        authEmulator: true,
        idempotencyKeyDays: 30,
        offlineTrustMs: 3 * 24 * 3600 * 1000,
        idleLockAfterMs: 5 * 60 * 1000,
        sessionMaxAgeMs: 12 * 3600 * 1000,
      });
    }
  });

  it('gives the idle lock and the session age as configured (an idle lock of 0 is off)', async () => {
    const app = await buildApp({ ...t.config, idleLockAfterMs: 0, sessionMaxAgeMs: 8 * 3600 * 1000 }, { db: t.db });
    try {
      const response = await app.inject({ url: '/nodejsapp/api/config' });
      expect(response.json()).toMatchObject({ idleLockAfterMs: 0, sessionMaxAgeMs: 8 * 3600 * 1000 });
    } finally {
      await app.close();
    }
  });

  it('gives a real project settings when one is configured', async () => {
    // A real project makes firebase-admin forget the emulator, process-wide: put it back after.
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const app = await buildApp(
      {
        ...t.config,
        identity: {
          mode: 'firebase',
          projectId: 'acme-pharmacy',
          apiKey: 'AIza-test',
          authDomain: 'acme-pharmacy.firebaseapp.com',
        },
      },
      { db: t.db },
    );
    try {
      const response = await app.inject({ url: '/nodejsapp/api/config' });
      expect(response.json()).toMatchObject({
        firebase: {
          apiKey: 'AIza-test',
          authDomain: 'acme-pharmacy.firebaseapp.com',
          projectId: 'acme-pharmacy',
        },
        authEmulator: false,
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(
        "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
      );
      // No emulator proxy for a real project.
      expect((await app.inject({ url: '/emulator/v1/projects' })).statusCode).toBe(404);
    } finally {
      await app.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });
});
