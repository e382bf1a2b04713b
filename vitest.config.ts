import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The API test files where the embedded database (PGlite) and PostgreSQL can differ: migrations
 * and the query layer (values through each driver, the JSON each writes, the start-up lock),
 * real concurrency (one connection against a pool: locks, transactions, the Idempotency-Key
 * claim, the mail worker's lease, one winner among racing requests), LISTEN/NOTIFY, the
 * planner's statistics, the outbox replayed with faults, crash recovery, and every test that
 * needs PostgreSQL (skipped without DATABASE_URL). CI runs these again on PostgreSQL
 * (`npm run test:api:postgres`); the others test routes, rules and answers that the same SQL
 * gives on both, which the embedded run has proved.
 */
const POSTGRES_API_FILES = [
  'tests/api/foundation/database.test.ts',
  'tests/api/foundation/query-layer.test.ts',
  'tests/api/foundation/start-together.test.ts',
  'tests/api/foundation/statistics.test.ts',
  // The pool's figures in GET /metrics exist on PostgreSQL only.
  'tests/api/foundation/metrics.test.ts',
  'tests/api/lists/list-json.test.ts',
  // Issue 19: two claims at once take a real row lock on PostgreSQL; one wins.
  'tests/api/staff/assignments.test.ts',
  'tests/api/live/change-stream.test.ts',
  'tests/api/live/instances.test.ts',
  // Issue 19 §2: presence crossing two instances, and a silent instance's expiring.
  'tests/api/live/presence.test.ts',
  'tests/api/live/simulate.test.ts',
  'tests/api/durability/crash-recovery.test.ts',
  // Issue 21: stop, roll and recover (the lease's renewals race a second instance; a rolling
  // restart behind a proxy; PostgreSQL cut off under a running server).
  'tests/api/durability/mail-lease.test.ts',
  'tests/api/durability/database-away.test.ts',
  'tests/api/live/rolling-restart.test.ts',
  'tests/api/prescriptions/idempotency.test.ts',
  'tests/api/prescriptions/notify.test.ts',
  'tests/api/prescriptions/mail-delivery.test.ts',
  'tests/api/offline/outbox-against-server.test.ts',
  'tests/api/appointments/availability.test.ts',
  'tests/api/appointments/cancel.test.ts',
  'tests/api/inquiries/reply-email.test.ts',
  // The access log's chain: triggers, the head row's lock, verify and purge on PostgreSQL too.
  'tests/api/access-log/chain.test.ts',
];

const unitTest = {
  environment: 'node',
  // The outbox's randomised runs take 3 s alone, and npm test runs the type check and lint
  // beside these tests: on a loaded 2-core machine one took over 20 s.
  testTimeout: 60_000,
} as const;

const apiTest = {
  environment: 'node',
  testTimeout: 30_000,
  // A file's app boots in its beforeAll: a minute and more on a busy 2-core machine.
  hookTimeout: 120_000,
  globalSetup: 'tests/api/support/template-setup.ts',
  // Each file boots its own app on its own database; the Auth emulator is shared, and every
  // file makes accounts of its own on it: two files at a time.
  maxWorkers: 2,
  // The files of a worker share its modules: each file paid 1-2 s of importing the app and
  // instantiating PGlite anew (115 of 396 CPU seconds; 40 s of 222 on the 2 cores). A file owns
  // what it starts (its app, its database, its accounts) and closes it; the ones that drive the
  // device's modules begin on a wiped device (tests/support/fresh-device.ts).
  isolate: false,
} as const;

const e2eTest = {
  environment: 'node',
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // A real browser and a real server: one file at a time in each e2e project.
  fileParallelism: false,
  // No second tries: a test that passes only sometimes is a failure to fix, not to hide.
  retry: 0,
  // The files of a project share their worker's modules (playwright-core, the support modules):
  // importing them again for each file cost 18-39 s of each project's run. A file launches and
  // closes its own browser, and its own servers where it starts any.
  isolate: false,
} as const;

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const testFiles = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));

/**
 * The unit files that drive the device's modules (the offline database on fake-indexeddb, the
 * in-memory views, the outbox, the client's libraries): they hold module state (an open
 * database, a list read once), so each starts in a fresh module graph of its own. The others
 * share their worker's modules (`isolate: false`): a fresh process for each cost more than its
 * tests.
 */
const UNIT_FILES = testFiles('tests/unit');
const drivesDevice = (file: string) =>
  /^tests\/unit\/(offline|lib)\//.test(file) || readFileSync(path.join(ROOT, file), 'utf8').includes('fake-indexeddb');
const UNIT_DEVICE = UNIT_FILES.filter(drivesDevice);
const UNIT_PLAIN = UNIT_FILES.filter((file) => !drivesDevice(file));

/** The e2e files, by whether they run on the shared server (they call sharedServer()). */
const E2E_FILES = testFiles('tests/e2e');
const sharesServer = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').includes('sharedServer()');
const E2E_SHARED = E2E_FILES.filter(sharesServer);
const E2E_OWN = E2E_FILES.filter((file) => !sharesServer(file));

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: UNIT_PLAIN, ...unitTest, isolate: false } },
      { test: { name: 'unit-device', include: UNIT_DEVICE, ...unitTest } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], ...apiTest } },
      // Only where there is a PostgreSQL server to run it on.
      ...(process.env.DATABASE_URL
        ? [{ test: { name: 'api-postgres', include: POSTGRES_API_FILES, ...apiTest } }]
        : []),
      // Two e2e projects that run side by side, each one file at a time: the files on the one
      // server the run shares (the demo data they read must not change under them, so never two
      // at once), and the files that start servers of their own. A browser test waits on timers
      // and the network more than it computes: two at a time fill the 2-core machine's idle half.
      {
        test: {
          name: 'e2e',
          include: E2E_SHARED,
          ...e2eTest,
          // One server for the files that can share it (see the file), started once per run.
          globalSetup: ['tests/e2e/support/shared-server.ts'],
        },
      },
      { test: { name: 'e2e-own', include: E2E_OWN, ...e2eTest } },
    ],
  },
});
