// `npm run bench -- live`: live updates (issue 8). Prints
//  1. change-to-screen latency: a transfer's status changed through the API (another device)
//     until a signed-in Chromium page shows it, median and 95th percentile over BENCH_LIVE_CHANGES;
//  2. how many open change streams one server instance holds within 50 MB of extra memory
//     (resident memory of a server process after a full GC, opened in steps up to BENCH_LIVE_STREAMS).
import { spawn } from 'node:child_process';
import http from 'node:http';
import readline from 'node:readline';
import { ADMIN_TOKEN_KEY, API_BASE } from '../src/shared/constants';
import { CHANGE_STREAM_PATH } from '../src/shared/change-stream';
import type { Transfer } from '../src/shared/entities';
import { ADMIN } from '../tests/e2e/support/accounts';
import { launchBrowser, newContext } from '../tests/e2e/support/browser';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { createTestUser } from '../tests/api/support/tokens';
import { signIn } from '../tests/e2e/support/sign-in';
import { partLoad } from './report';

const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 100);
const MAX_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 8000);
const STEP = 250;
const BUDGET_MB = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function latency(server: RunningServer): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, ADMIN);
    const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
    const headers = { Authorization: `Bearer ${token}` };
    const transfers = (await (await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers })).json()) as Transfer[];
    const target = transfers.find((t) => t.status === 'active')!;
    await page.goto(`${server.baseUrl}/prescriptions/transfers?id=${target.transfer_id}`);
    await page.getByTestId('prescription-detail-status').waitFor();
    // The page notes when the status on screen changes (wall clock, comparable with this process),
    // stamped after the frame that shows it is painted (a task after that frame's rAF), not when
    // the DOM changed.
    await page.evaluate(() => {
      const w = window as unknown as { seen: { at: number; text: string }[] };
      w.seen = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="prescription-detail-status"]')?.textContent ?? '';
        if (w.seen.at(-1)?.text === text) return;
        const entry = { at: 0, text };
        w.seen.push(entry);
        requestAnimationFrame(() => setTimeout(() => (entry.at = Date.now()), 0));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const timings: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const [action, shown] = i % 2 === 0 ? ['complete', 'completed'] : ['incomplete', 'active'];
      const sent = Date.now();
      const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers/${action}/${target.transfer_id}`, { method: 'PUT', headers });
      if (!response.ok) throw new Error(`PUT ${action}: ${response.status}`);
      const at = await page.waitForFunction(
        ([expected, after]) => {
          const seen = (window as unknown as { seen: { at: number; text: string }[] }).seen;
          const hit = seen.find((s) => s.at >= after && s.text.toLowerCase().includes(expected));
          return hit ? hit.at : false;
        },
        [shown, sent] as const,
        { timeout: 30_000, polling: 20 },
      );
      timings.push(((await at.jsonValue()) as number) - sent);
    }
    return timings;
  } finally {
    await browser.close();
  }
}

/** Opens one change stream; resolves when its first event (the cursors) arrived. */
function openStream(baseUrl: string, token: string, agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${API_BASE}${CHANGE_STREAM_PATH}`,
      { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, agent },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let text = '';
        const onData = (chunk: string) => {
          text += chunk;
          if (text.includes('event: cursors')) {
            response.off('data', onData);
            response.resume();
            resolve(request);
          }
        };
        response.on('data', onData);
      },
    );
    request.on('error', reject);
  });
}

/** The stream host (bench/stream-host.ts): a server instance alone in a process, with --expose-gc. */
async function startStreamHost(): Promise<{ url: string; measure(): Promise<{ rssMb: number; streams: number }>; stop(): void }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/stream-host.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url,
    async measure() {
      const answer = nextLine();
      child.stdin!.write('measure\n');
      return JSON.parse(await answer) as { rssMb: number; streams: number };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

async function streamCapacity(): Promise<{ held: number; perThousandMb: number; baseMb: number; lastMb: number }> {
  const [host, staff] = await Promise.all([startStreamHost(), createTestUser('admin')]);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open: http.ClientRequest[] = [];
  try {
    // One stream first: the code paths are warm before the baseline.
    open.push(await openStream(host.url, staff.token, agent));
    const base = await host.measure();
    let held = 1;
    let last = base;
    while (open.length < MAX_STREAMS) {
      const batch = await Promise.all(Array.from({ length: STEP }, () => openStream(host.url, staff.token, agent)));
      open.push(...batch);
      last = await host.measure();
      if (last.streams !== open.length) throw new Error(`the server holds ${last.streams} streams, ${open.length} were opened`);
      if (last.rssMb - base.rssMb > BUDGET_MB) break;
      held = open.length;
    }
    return { held, perThousandMb: ((last.rssMb - base.rssMb) / (open.length - 1)) * 1000, baseMb: base.rssMb, lastMb: last.rssMb };
  } finally {
    open.forEach((request) => request.destroy());
    agent.destroy();
    host.stop();
  }
}

export async function benchLive(): Promise<void> {
  const load = partLoad();
  const server = await startServer({ env: { SKIP_BUILD: '', RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' } });
  try {
    const timings = await latency(server);
    const capacity = await streamCapacity();
    console.log('');
    console.log(`Benchmark: live updates (change stream; ${load.words()}; no baseline measured beside these figures yet)`);
    console.log(
      `  change-to-screen latency (${timings.length} changes)   median ${percentile(timings, 50)} ms, p95 ${percentile(timings, 95)} ms, max ${Math.max(...timings)} ms`,
    );
    console.log(
      `  open streams on one instance within ${BUDGET_MB} MB     ${capacity.held.toLocaleString('en-CA')}${capacity.held >= MAX_STREAMS ? ' (the most tried)' : ''} ` +
        `(about ${capacity.perThousandMb.toFixed(1)} MB per 1,000; server ${capacity.baseMb.toFixed(0)} MB -> ${capacity.lastMb.toFixed(0)} MB)`,
    );
  } finally {
    await server.stop();
  }
}
