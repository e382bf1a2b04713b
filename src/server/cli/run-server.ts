// What `npm start` (and `npm run dev`) run: build the app if needed, start or attach the
// identity service and open the database at the same time, seed the demo data on a first
// start in emulator mode (once, however many instances start together), then listen. Stops everything it started on SIGINT / SIGTERM.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { startBackupEndpoint, type BackupEndpoint } from '../backup/endpoint';
import type { Config } from '../config';
import { openDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { DEMO_ADMIN, DEMO_PATIENT, DEMO_STAFF, ensureDemoAccounts } from '../identity/demo-accounts';
import { startIdentity, type IdentityRuntime } from '../identity/identity-runtime';
import { createLogger } from '../logging';
import { seedDemoIfEmpty } from '../seed/demo';
import { startSimulation, type Simulation } from '../simulate/incoming';
import { buildIsStale, viteBin, viteBuild } from './build-app';

/** The identity service started before this module was loaded (start.ts), and its messages. */
export interface EarlyIdentity {
  runtime: Promise<IdentityRuntime>;
  /** Writes the messages held so far, and those that follow, with the server's logger. */
  logTo(info: (message: string) => void): void;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

async function openMigrated(config: Config): Promise<Db> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  return db;
}

export async function runServer(
  config: Config,
  options: { build: boolean; logStream?: DestinationStream; identity?: EarlyIdentity },
): Promise<RunningServer> {
  const started = Date.now();
  const log = createLogger(config, options.logStream);
  const info = (message: string) => log.info(message);
  options.identity?.logTo(info);

  const buildClient = async () => {
    if (!options.build || !buildIsStale(process.cwd(), config.distDir)) return;
    if (!viteBin() && existsSync(path.join(config.distDir, 'index.html'))) {
      // A production install serves the app it was given: it cannot build, and its files' dates
      // say nothing (copied, unpacked) about which is newer.
      info(`Serving the app built in ${config.distDir} (no vite here to check it against its sources)`);
      return;
    }
    info('Building the app (vite build)…');
    await viteBuild(process.cwd(), config.distDir);
    info('App built');
  };
  // The three slow parts run side by side; the emulator is usually the last to be ready.
  const [built, identityStarted, opened] = await Promise.allSettled([
    buildClient(),
    options.identity?.runtime ?? startIdentity(config, info),
    openMigrated(config),
  ]);
  const identity: IdentityRuntime | null =
    identityStarted.status === 'fulfilled' ? identityStarted.value : null;
  const db: Db | null = opened.status === 'fulfilled' ? opened.value : null;
  // The database's refusal first: a second instance on one embedded database also finds the
  // emulator's port taken, which would hide the reason.
  const failure = [opened, built, identityStarted].find((s) => s.status === 'rejected');
  if (failure || !identity || !db) {
    await identity?.emulator?.stop();
    await db?.close();
    throw failure?.reason ?? new Error('start failed');
  }

  const resolved = identity.config;
  let app: FastifyInstance | null = null;
  let simulation: Simulation | null = null;
  let backups: BackupEndpoint | null = null;
  const stop = async () => {
    await simulation?.stop();
    // Drained first: no new connections, streams told to reconnect elsewhere, the requests in
    // flight and the email being sent finished (or released) within SHUTDOWN_GRACE.
    await app?.drain.run(resolved.shutdownGraceMs);
    await app?.close();
    await backups?.close();
    await db.close();
    await backups?.release();
    await identity.emulator?.stop();
  };
  try {
    // The embedded database is this process's: `npm run backup` asks it for the copy.
    if (db.backup) backups = await startBackupEndpoint(db.backup, config.dataDir, log);
    const emulatorHost = resolved.identity.mode === 'emulator' ? resolved.identity.host : null;
    if (emulatorHost) {
      // Instances started together on one database take turns: the first seeds and creates the
      // accounts, the next finds them there.
      await db.oneAtATime(async () => {
        const seeded = await seedDemoIfEmpty(db, {
          timeZone: resolved.timeZone,
          pharmacyName: resolved.pharmacyName,
        });
        if (seeded) {
          const counts = Object.entries(seeded).map(([table, n]) => `${table} ${n}`);
          info(`Demo data seeded: ${counts.join(', ')}`);
        }
        const accounts = await ensureDemoAccounts(db, emulatorHost);
        info(`Demo accounts: ${accounts.created} created, ${accounts.existing} already there`);
        for (const problem of accounts.problems) log.warn(`Demo account not created: ${problem}`);
      });
    }
    app = await buildApp(resolved, { db });
    await app.listen({ host: resolved.host, port: resolved.port });
  } catch (error) {
    await stop();
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${resolved.port} on ${resolved.host} is in use: set PORT to another port`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const url = `http://${resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host}:${port}`;
  if (resolved.simulatePerMinute > 0) {
    simulation = startSimulation(db, {
      perMinute: resolved.simulatePerMinute,
      timeZone: resolved.timeZone,
      onWrite: ({ kind, id }) => log.info({ kind, id }, 'simulated incoming request'),
      onError: (error) => log.warn({ err: error }, 'simulated write failed'),
    });
    info(`Simulating about ${resolved.simulatePerMinute} incoming requests a minute (SIMULATE_PER_MINUTE)`);
  }
  info(`Pharmacy back-office ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (resolved.identity.mode === 'emulator') {
    info(
      `Sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (patient: ${DEMO_PATIENT.email} / ${DEMO_PATIENT.password}); ` +
        `named staff: ${DEMO_STAFF.map((staff) => `${staff.email} / ${staff.password}`).join(', ')}`,
    );
  }
  return { url, app, stop };
}

/**
 * SIGINT / SIGTERM stop the server cleanly (exit 0); a second signal, or 10 s past the grace
 * (SHUTDOWN_GRACE: requests in flight, the email being sent), forces the exit.
 */
export function stopOnSignals(stop: () => Promise<void>, graceMs = 10_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.error(`${signal}: stopping…`);
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
