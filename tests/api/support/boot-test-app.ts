// Boots the real app for one test file: a fresh database (PGlite, or a new PostgreSQL
// database when DATABASE_URL is set) seeded with the demo data, the Auth emulator started by
// `npm run test:api` (with-emulator.ts), and a real HTTP listener on 127.0.0.1.
//
//   const t = await bootTestApp();          // in beforeAll
//   await t.app.inject({ url: '/nodejsapp/api/config' });
//   await fetch(`${t.baseUrl}/healthz`);
//   await t.close();                        // in afterAll
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { Db } from '../../../src/server/db/client';
import { seedDemo, type SeedCounts } from '../../../src/server/seed/demo';
import { freshDatabase } from './fresh-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Every route the app registered (method and URL pattern), in order. */
  routes: RouteOptions[];
  /** Rows seeded per table (empty when `seed: false`). */
  seeded: SeedCounts;
  close(): Promise<void>;
}

export interface BootOptions {
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** The seed's "now" (default: the real now). */
  now?: Date;
  /** Config overrides, e.g. `{ rateLimitPerMinute: 5 }`. */
  config?: Partial<Config>;
  /** Capture the logs (see captureLogs()); silent otherwise. */
  logStream?: DestinationStream;
}

/** The config a test app runs with: the suite's emulator, a temporary DATA_DIR, no built app. */
export function testConfig(
  dataDir: string,
  databaseUrl: string | undefined,
  overrides: Partial<Config> = {},
): Config {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run the API tests with `npm run test:api`',
    );
  }
  const base = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
  });
  return { ...base, ...overrides };
}

export async function bootTestApp(options: BootOptions = {}): Promise<TestApp> {
  const fresh = await freshDatabase();
  try {
    const config = testConfig(fresh.dataDir, fresh.databaseUrl, {
      ...(options.logStream ? { logLevel: 'info' as const } : {}),
      ...options.config,
    });
    const seeded =
      options.seed === false
        ? {}
        : await seedDemo(fresh.db, {
            timeZone: config.timeZone,
            pharmacyName: config.pharmacyName,
            now: options.now,
          });
    const routes: RouteOptions[] = [];
    const app = await buildApp(config, {
      db: fresh.db,
      logStream: options.logStream,
      onRoute: (route) => routes.push(route),
    });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      app,
      db: fresh.db,
      config,
      baseUrl,
      routes,
      seeded,
      async close() {
        await app.close();
        await fresh.close();
      },
    };
  } catch (error) {
    await fresh.close();
    throw error;
  }
}
