// `npm run simulate` (issue 8): realistic incoming requests written straight into the database
// reach the staff's lists through the change feed, and the command refuses what it cannot do.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INCOMING_KINDS, startSimulation, type Incoming } from '../../../src/server/simulate/incoming';
import { bootTestApp, type TestApp } from '../support/boot-test-app';
import { createServerDatabase } from '../support/fresh-database';
import { createTestUser, type TestUser } from '../support/tokens';
import { openStream } from './sse-client';

let t: TestApp;
let admin: TestUser;
// The seeded bookings and the simulator's free-slot search both follow the calendar: one fixed
// day for both, so the seeded draws (and so the kinds written) are the same on every day.
const NOW = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  [t, admin] = await Promise.all([bootTestApp({ now: NOW }), createTestUser('admin')]);
});

afterAll(async () => {
  await t?.close();
});

function runCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/simulate.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('simulated incoming requests', () => {
  it('writes every kind, complete enough to list, and the streams hear of each list', async () => {
    const stream = await openStream(t.baseUrl, admin.token);
    await stream.next((e) => e.event === 'cursors');
    const written: Incoming[] = [];
    const errors: unknown[] = [];
    const simulation = startSimulation(t.db, {
      perMinute: 12_000,
      count: 12,
      // On NOW's data this seed's twelve draws hold every kind (seed 8 wrote no transfer).
      seed: 1,
      now: () => NOW,
      timeZone: t.config.timeZone,
      onWrite: (incoming) => written.push(incoming),
      onError: (error) => errors.push(error),
    });
    await simulation.done;
    stream.close();
    expect(errors).toEqual([]);
    expect(written).toHaveLength(12);
    expect(new Set(written.map((w) => w.kind))).toEqual(new Set(INCOMING_KINDS));

    const listOf = { transfer: 'transfers', refill: 'refills', booking: 'appointments', inquiry: 'inquiries' } as const;
    const paths = { transfer: '/admin/transfers', refill: '/admin/refills-and-renewals', booking: '/admin/appointments-bookings', inquiry: '/admin/inquiries' } as const;
    const keys = { transfer: 'transfer_id', refill: 'id', booking: 'appointment_id', inquiry: 'message_id' } as const;
    for (const kind of INCOMING_KINDS) {
      const response = await t.app.inject({ url: `/nodejsapp/api${paths[kind]}`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(response.statusCode).toBe(200);
      const rows = response.json<Record<string, unknown>[]>();
      for (const { id } of written.filter((w) => w.kind === kind)) {
        const row = rows.find((r) => r[keys[kind]] === id);
        expect(row, `${kind} ${id}`).toBeDefined();
        expect(typeof row!.first_name).toBe('string');
      }
      expect(stream.events.some((e) => e.event === 'change' && e.data.list === listOf[kind]), kind).toBe(true);
    }
    // Bookings land on the calendar's grid, never two in one slot.
    const [clash] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM (SELECT date, start_time FROM appointments WHERE status <> 'cancelled' GROUP BY 1, 2 HAVING count(*) > 1) c",
    );
    expect(clash!.n).toBe(0);
  });

  it('the command refuses the embedded database and bad options, naming them', async () => {
    const embedded = await runCli(['--count', '1'], { DATABASE_URL: undefined, DATA_DIR: t.config.dataDir });
    expect(embedded.code).toBe(2);
    expect(embedded.output).toContain('SIMULATE_PER_MINUTE');
    const bad = await runCli(['--kinds', 'transfer,pizza'], { DATABASE_URL: undefined });
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--kinds: unknown pizza');
  }, 30_000);

  it.skipIf(!process.env.DATABASE_URL)('the command writes into PostgreSQL at the rate asked', async () => {
    const database = await createServerDatabase(process.env.DATABASE_URL!);
    try {
      const run = await runCli(['--per-minute', '6000', '--count', '5', '--kinds', 'transfer,inquiry'], { DATABASE_URL: database.url });
      expect(run.code, run.output).toBe(0);
      expect(run.output.match(/new (transfer|inquiry) \d+/g)).toHaveLength(5);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
