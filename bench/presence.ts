// `npm run bench -- presence`: presence (issue 19 §2). Prints
//  1. presence latency: a colleague's device says it has a transfer open (or has left it) with
//     POST /admin/presence until a signed-in Chromium page on that transfer paints "… is viewing"
//     (or paints it gone), median and 95th percentile over BENCH_PRESENCE_CHANGES (target p95
//     <= 1 s); beside it, in the same page, a status change until its status is painted (the live
//     updates every other screen already gets, bench/live.ts);
//  2. the stream's cost with 50 devices present: bytes and events each device's stream receives
//     per presence change, the server's CPU time per second and the requests per second of a
//     delta sync (GET ?since=, what every device sends) while the 50 devices change state once a
//     second each, beside the same with the 50 streams open and no presence, in alternating rounds.
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE, DEVICE_ID_HEADER } from '../src/shared/constants';
import { CHANGE_STREAM_PATH } from '../src/shared/change-stream';
import type { Transfer } from '../src/shared/entities';
import { PRESENCE_PATH, type PresenceState } from '../src/shared/presence';
import { ADMIN } from '../tests/e2e/support/accounts';
import { launchBrowser, newContext } from '../tests/e2e/support/browser';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { signIn as signInPage } from '../tests/e2e/support/sign-in';
import { createTestUser, signIn, testAdminAuth } from '../tests/api/support/tokens';
import { median, partLoad, percentile, printTable, type Series } from './report';

const CHANGES = Number(process.env.BENCH_PRESENCE_CHANGES ?? 50);
const DEVICES = 50;
const ROUND_SECONDS = Number(process.env.BENCH_PRESENCE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_PRESENCE_ROUNDS ?? 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface DeviceStream {
  device: string;
  bytes: number;
  presenceEvents: number;
  presenceBytes: number;
  /** The transfers' cursor its `cursors` event gave. */
  transfersCursor: string;
  close(): void;
}

/** A device's change stream; resolves once its first presence event (`all`) arrived. */
function openDeviceStream(baseUrl: string, token: string, device: string, agent: http.Agent): Promise<DeviceStream> {
  return new Promise((resolve, reject) => {
    const stream: DeviceStream = { device, bytes: 0, presenceEvents: 0, presenceBytes: 0, transfersCursor: '0', close: () => request.destroy() };
    let buffer = '';
    let ready = false;
    const request = http.get(
      `${baseUrl}${API_BASE}${CHANGE_STREAM_PATH}`,
      { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', [DEVICE_ID_HEADER]: device }, agent },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          stream.bytes += Buffer.byteLength(chunk);
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end + 2);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith('event: cursors')) {
              const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { lists: Record<string, string> };
              stream.transfersCursor = data.lists.transfers ?? '0';
            }
            if (!frame.startsWith('event: presence')) continue;
            if (!ready) {
              ready = true;
              resolve(stream);
              continue;
            }
            stream.presenceEvents += 1;
            stream.presenceBytes += Buffer.byteLength(frame);
          }
        });
      },
    );
    request.on('error', (error) => {
      if (!ready) reject(error);
    });
  });
}

async function say(baseUrl: string, token: string, device: string, state: PresenceState): Promise<void> {
  const response = await fetch(`${baseUrl}${API_BASE}${PRESENCE_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', [DEVICE_ID_HEADER]: device },
    body: JSON.stringify(state),
  });
  if (response.status !== 204) throw new Error(`POST ${PRESENCE_PATH}: ${response.status}`);
}

/** CPU time (ms) of every process of the server's process group so far, from /proc. */
function groupCpuMs(groupId: number): number {
  const tick = 1000 / 100;
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A colleague: an admin with a staff name, and a token that carries it. */
async function colleague(name: string): Promise<string> {
  const user = await createTestUser('admin');
  await testAdminAuth().setCustomUserClaims(user.uid, { role: 'admin', staff_name: name });
  return signIn(user.email, user.password);
}

/** Stamps, in the page, each change of `selector`'s text once its frame is painted (as bench/live.ts does). */
async function watchText(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(
    ([key, css]) => {
      const w = window as unknown as Record<string, { at: number; text: string }[]>;
      const seen: { at: number; text: string }[] = [];
      w[key] = seen;
      new MutationObserver(() => {
        const text = document.querySelector(css)?.textContent ?? '';
        if (seen.at(-1)?.text === text) return;
        const entry = { at: 0, text };
        seen.push(entry);
        requestAnimationFrame(() => setTimeout(() => (entry.at = Date.now()), 0));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [name, selector] as const,
  );
}

async function paintedAfter(page: Page, name: string, sent: number, matches: string, present: boolean): Promise<number> {
  const at = await page.waitForFunction(
    ([key, after, text, wanted]) => {
      const seen = (window as unknown as Record<string, { at: number; text: string }[]>)[key]!;
      const hit = seen.find((s) => s.at >= after && s.text.toLowerCase().includes(text) === wanted);
      return hit ? hit.at : false;
    },
    [name, sent, matches, present] as const,
    { timeout: 30_000, polling: 20 },
  );
  return ((await at.jsonValue()) as number) - sent;
}

async function latency(server: RunningServer, token: string): Promise<{ presence: number[]; status: number[] }> {
  const browser = await launchBrowser();
  const agent = new http.Agent({ keepAlive: false });
  const stream = await openDeviceStream(server.baseUrl, token, 'bench-colleague', agent);
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInPage(page, server.baseUrl, ADMIN);
    const pageToken = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
    const headers = { Authorization: `Bearer ${pageToken}` };
    const transfers = (await (await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers })).json()) as Transfer[];
    const target = transfers.find((t) => t.status === 'active')!;
    await page.goto(`${server.baseUrl}/prescriptions/transfers?id=${target.transfer_id}`);
    await page.getByTestId('presence-line').waitFor({ state: 'attached' });
    await watchText(page, 'seenPresence', '[data-testid="presence-line"]');
    await watchText(page, 'seenStatus', '[data-testid="prescription-detail-status"]');
    // The page's own stream is live (the line is drawn from it): give it its first events.
    await sleep(1000);
    const presence: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const open = i % 2 === 0;
      const sent = Date.now();
      await say(server.baseUrl, token, 'bench-colleague', {
        tab: 'bench',
        list: open ? 'transfers' : null,
        id: open ? String(target.transfer_id) : null,
        typing: false,
      });
      presence.push(await paintedAfter(page, 'seenPresence', sent, 'is viewing', open));
    }
    const status: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const [action, shown] = i % 2 === 0 ? ['complete', 'completed'] : ['incomplete', 'active'];
      const sent = Date.now();
      const response = await fetch(`${server.baseUrl}${API_BASE}/admin/transfers/${action}/${target.transfer_id}`, { method: 'PUT', headers });
      if (!response.ok) throw new Error(`PUT ${action}: ${response.status}`);
      status.push(await paintedAfter(page, 'seenStatus', sent, shown, true));
    }
    return { presence, status };
  } finally {
    stream.close();
    agent.destroy();
    await browser.close();
  }
}

interface Cost {
  rps: { quiet: number[]; present: number[] };
  cpu: { quiet: number[]; present: number[] };
  perChange: { events: number; bytes: number; changes: number };
}

async function cost(server: RunningServer, token: string): Promise<Cost> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const devices = await Promise.all(
    Array.from({ length: DEVICES }, (_, i) => openDeviceStream(server.baseUrl, token, `bench-device-${i}`, agent)),
  );
  const transfers = (await (await fetch(`${server.baseUrl}${API_BASE}/admin/transfers`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Transfer[];
  const ids = transfers.slice(0, DEVICES).map((t) => String(t.transfer_id));
  // What a device that keeps up asks about once a minute per list, almost always answered 'nothing new'.
  const cursor = devices[0]!.transfersCursor;
  const sync = { url: `${server.baseUrl}${API_BASE}/admin/transfers?since=${cursor}`, headers: { Authorization: `Bearer ${token}` } };
  const result: Cost = { rps: { quiet: [], present: [] }, cpu: { quiet: [], present: [] }, perChange: { events: 0, bytes: 0, changes: 0 } };
  const load = (seconds: number) => autocannon({ ...sync, connections: 8, duration: seconds });
  try {
    await load(2);
    for (let round = 0; round < ROUNDS; round++) {
      for (const phase of ['quiet', 'present'] as const) {
        let stop = false;
        let changes = 0;
        const before = devices.map((d) => ({ events: d.presenceEvents, bytes: d.presenceBytes }));
        // Each device changes state once a second (a record opened, another, typing...), spread over the second.
        const churn =
          phase === 'present'
            ? Promise.all(
                devices.map(async (device, i) => {
                  await sleep((i * 1000) / DEVICES);
                  for (let step = 0; !stop; step++) {
                    await say(server.baseUrl, token, device.device, { tab: 'bench', list: 'transfers', id: ids[(i + step) % ids.length]!, typing: step % 2 === 1 });
                    changes += 1;
                    await sleep(1000);
                  }
                }),
              )
            : Promise.resolve([]);
        const cpuBefore = groupCpuMs(server.groupId!);
        const started = Date.now();
        const answer = await load(ROUND_SECONDS);
        if (answer.non2xx > 0 || answer.errors > 0) throw new Error(`delta sync: ${answer.non2xx} non-2xx, ${answer.errors} errors`);
        const cpuMsPerS = (groupCpuMs(server.groupId!) - cpuBefore) / ((Date.now() - started) / 1000);
        stop = true;
        await churn;
        result.rps[phase].push(answer.requests.average);
        result.cpu[phase].push(cpuMsPerS);
        if (phase === 'present') {
          await sleep(300);
          devices.forEach((d, i) => {
            result.perChange.events += d.presenceEvents - before[i]!.events;
            result.perChange.bytes += d.presenceBytes - before[i]!.bytes;
          });
          result.perChange.changes += changes;
          // Back to nothing open, for the next quiet phase.
          await Promise.all(devices.map((d) => say(server.baseUrl, token, d.device, { tab: 'bench', list: null, id: null, typing: false })));
        }
      }
    }
    return result;
  } finally {
    devices.forEach((d) => d.close());
    agent.destroy();
  }
}

export async function benchPresence(): Promise<void> {
  const load = partLoad();
  const server = await startServer({ env: { SKIP_BUILD: '', RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' } });
  try {
    const token = await colleague('Bench Colleague');
    const timings = await latency(server, token);
    const latencyLoad = load.end();
    const costLoad = partLoad();
    const spent = await cost(server, token);
    costLoad.end();
    const { events, bytes, changes } = spent.perChange;
    // Each device's stream hears every change, its own included (its page leaves its own out).
    const receivers = changes * DEVICES;
    console.log('');
    console.log('Benchmark: presence (issue 19 §2; one server on the embedded database)');
    printTable(`presence latency: POST /admin/presence until another device paints it (${CHANGES} changes; target p95 <= 1 s)`, latencyLoad, [
      { key: 'p', label: 'presence change to screen', values: timings.presence, unit: 'ms', vs: ['s'] },
      { key: 's', label: 'status change to screen (baseline)', values: timings.status, unit: 'ms' },
    ]);
    console.log(
      `    p95: presence ${percentile(timings.presence, 95)} ms, status ${percentile(timings.status, 95)} ms; median presence ${median(timings.presence)} ms`,
    );
    const rows: Series[] = [
      { key: 'q', label: `delta sync req/s, ${DEVICES} streams, no presence (baseline)`, values: spent.rps.quiet, unit: 'req/s' },
      { key: 'p', label: `delta sync req/s, ${DEVICES} devices changing state 1/s each`, values: spent.rps.present, unit: 'req/s', vs: ['q'] },
      { key: 'qc', label: 'server CPU ms per s, no presence (baseline)', values: spent.cpu.quiet, unit: 'ms' },
      { key: 'pc', label: `server CPU ms per s, ${DEVICES} devices changing 1/s`, values: spent.cpu.present, unit: 'ms', vs: ['qc'] },
    ];
    printTable(`the stream's cost with ${DEVICES} devices present (${ROUNDS} rounds of ${ROUND_SECONDS} s, alternating)`, costLoad, rows);
    console.log(
      `    per presence change, each device's stream received ${(events / receivers).toFixed(2)} events, ${(bytes / receivers).toFixed(0)} bytes ` +
        `(${changes} changes x ${DEVICES} devices; the POST that said it: one request of about ${JSON.stringify({ tab: 'bench', list: 'transfers', id: '12345', typing: false }).length} bytes of body)`,
    );
  } finally {
    await server.stop();
  }
}
