// `npm run bench -- load`: what opening the app costs (issue 9), in Debian's Chromium against the
// real built server. Prints
//  (a) the JavaScript the browser fetches before /login is painted: gzip, and the bytes it is sent
//      (the browser's own Accept-Encoding; the server sends build-time brotli copies);
//  (b) time to list content at 400 ms round trip: a signed-in device with the transfers cached
//      opening /prescriptions/transfers (navigation to the first rows painted), against a plain
//      network-first fetch of the same list (what a network-first app waits for before it can paint),
//      run after each visit: the visit's baseline in the same run, printed with their ratio and
//      the machine's load (bench/report.ts).
//   BENCH_LOAD_TRANSFERS (default 20000), BENCH_LOAD_RUNS (default 7), BENCH_LOAD_RTT_MS (default 400)
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE } from '../src/shared/constants';
import { ADMIN } from '../tests/e2e/support/accounts';
import { launchBrowser, networkQuiet, newContext, waitForServiceWorkerControl } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/e2e/support/sign-in';
import { startLatencyProxy } from './latency-proxy';
import { partLoad, printTable } from './report';

const TRANSFERS = Number(process.env.BENCH_LOAD_TRANSFERS ?? 20_000);
const RUNS = Math.max(5, Number(process.env.BENCH_LOAD_RUNS ?? 7));
const RTT_MS = Number(process.env.BENCH_LOAD_RTT_MS ?? 400);
const LOGIN_BUDGET_KB = 120;
const LOGIN_LOADS = 3;
const CACHED_SPEEDUP = 5;
/** Smaller files are sent as they are (build/compress-assets.ts): a compressed copy saves less than a packet. */
const COMPRESSED_FROM_BYTES = 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const spread = (values: number[]) =>
  `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}; ${values.length} runs)`;

/**
 * Stamps `window.__paintedAt` (performance.now(): from the navigation's start) once a list row is
 * in the document and a frame with it is painted (a task after that frame's requestAnimationFrame;
 * no paint timing names a row). Plain source, like the one below: tsx would wrap a function in a
 * __name() the page does not have.
 */
const ROWS_PAINTED_SCRIPT = `
  window.__paintedAt = null;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="prescription-row"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * Stamps `window.__paintedAt` with the time the browser reports for the first paint once the
 * sign-in form is in the document (its first-contentful-paint, or a largest-contentful-paint
 * candidate after it): the moment the form is on screen, not merely in the DOM.
 */
const FORM_PAINTED_SCRIPT = `
  window.__paintedAt = null;
  let formAt = null;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('form button[type="submit"]')) return;
    observer.disconnect();
    formAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
  const painted = (list) => {
    for (const entry of list.getEntries()) {
      if (formAt === null || entry.startTime < formAt) continue;
      if (window.__paintedAt === null || entry.startTime < window.__paintedAt) window.__paintedAt = entry.startTime;
    }
  };
  new PerformanceObserver(painted).observe({ type: 'paint', buffered: true });
  new PerformanceObserver(painted).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function paintedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __paintedAt: number | null }).__paintedAt, null, {
    timeout: 120_000,
  });
  return (await handle.jsonValue()) as number;
}

interface LoginScript {
  path: string;
  /** The file as built. */
  size: number;
  /** The file as built, gzipped (level 6, what `vite build` and most servers report). */
  gzip: number;
  /** The body as sent (Resource Timing encodedBodySize), and with its response headers (CDP encodedDataLength). */
  wire: number;
  wireWithHeaders: number;
  encoding: string;
}

/** (a) Every script requested before the sign-in form is painted, on a first visit (no cache, no service worker). */
async function loginScripts(browser: Browser, baseUrl: string): Promise<{ scripts: LoginScript[]; paintMs: number }> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: FORM_PAINTED_SCRIPT });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sent = new Map<string, { encoding: string; bytes: number }>();
    const urls = new Map<string, string>();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
      urls.set(requestId, response.url);
      sent.set(response.url, { encoding: String(headers['content-encoding'] ?? 'none'), bytes: 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = sent.get(urls.get(requestId) ?? '');
      if (entry) entry.bytes = encodedDataLength;
    });
    await page.goto(`${baseUrl}/login`);
    const paintMs = await paintedAt(page);
    await networkQuiet(page);
    const entries = await page.evaluate(
      (before) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime < before && new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ url: entry.name, wire: entry.encodedBodySize })),
      paintMs,
    );
    const scripts = await Promise.all(
      entries.map(async ({ url, wire }) => {
        const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
        const { encoding, bytes } = sent.get(url) ?? { encoding: '?', bytes: NaN };
        const name = new URL(url).pathname.replace('/assets/', '');
        return { path: name, size: body.length, gzip: gzipSync(body).length, wire, wireWithHeaders: bytes, encoding };
      }),
    );
    return { scripts: scripts.sort((a, b) => b.gzip - a.gzip), paintMs };
  } finally {
    await context.close();
  }
}

/** Seeds `TRANSFERS` transfers (and the proportionate other lists) into a fresh data folder. */
function seed(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'pharmacy-bench-load-')).then((dataDir) => {
    const seeded = spawnSync('npx', ['tsx', 'src/server/cli/seed.ts', '--scale', String(TRANSFERS)], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    return dataDir;
  });
}

/** Whether the first full sync of the transfers committed (the app's own `sync:transfers` measure). */
function transfersSynced(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .some((entry) => entry.name === 'sync:transfers' && Boolean((entry as PerformanceMeasure).detail?.whole)),
  );
}

/** A signed-in device (service worker in control, transfers in IndexedDB) on the transfers list. */
async function cachedDevice(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, withServiceWorker: true });
  await context.addInitScript({ content: ROWS_PAINTED_SCRIPT });
  const page = await context.newPage();
  await signIn(page, baseUrl, ADMIN);
  await page.goto(`${baseUrl}/prescriptions/transfers`);
  const deadline = Date.now() + 300_000;
  while (!(await transfersSynced(page))) {
    if (Date.now() > deadline) throw new Error('the transfers never reached the cache');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await waitForServiceWorkerControl(page);
  await page.getByTestId('prescription-row').first().waitFor();
  // Every other list synced too: nothing of the first sync is left to compete with the visits.
  await networkQuiet(page, 1000, 300_000);
  return { context, page };
}

interface ListFetch {
  ms: number;
  firstByteMs: number;
  count: number;
}

/**
 * (b) A network-first app's least wait: GET the list with the token through the proxy, from the
 * request to its parsed JSON. `agent` false: a new connection (its handshake costs a round trip);
 * a keep-alive agent already connected: an open one.
 */
function fetchList(url: string, token: string, agent: http.Agent | false): Promise<ListFetch> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }, (response) => {
      const firstByteMs = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${url}: ${response.statusCode}`));
        const list = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
        resolve({ ms: performance.now() - started, firstByteMs, count: list.length });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function benchLoad(): Promise<void> {
  const partWhole = partLoad();
  console.log(`Seeding ${TRANSFERS.toLocaleString('en-CA')} transfers and proportionate other lists…`);
  const dataDir = await seed();
  const [server, browser] = await Promise.all([startServer({ dataDir, env: { SKIP_BUILD: '' } }), launchBrowser()]);
  const proxy = await startLatencyProxy(server.baseUrl);
  try {
    // (a) A few first visits: the files are the same each time unless a deferred load slips before the paint.
    const loads: { scripts: LoginScript[]; paintMs: number }[] = [];
    for (let load = 0; load < LOGIN_LOADS; load += 1) loads.push(await loginScripts(browser, server.baseUrl));
    const gzipOf = (scripts: LoginScript[]) => scripts.reduce((sum, script) => sum + script.gzip, 0);
    const { scripts, paintMs } = loads.reduce((worst, load) => (gzipOf(load.scripts) > gzipOf(worst.scripts) ? load : worst));
    const total = (key: 'gzip' | 'wire' | 'wireWithHeaders') => scripts.reduce((sum, script) => sum + script[key], 0);
    const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ');
    const uncompressed = scripts.filter((script) => script.size >= COMPRESSED_FROM_BYTES && !/^(br|gzip)$/.test(script.encoding));
    const sameFiles = new Set(loads.map((load) => load.scripts.map((script) => script.path).sort().join())).size === 1;

    // Everything through the proxy (its own origin: its own service worker, storage and cache),
    // without added latency while the device signs in and syncs.
    const { context, page } = await cachedDevice(browser, proxy.baseUrl);
    const token = (await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY))!;
    const listUrl = `${proxy.baseUrl}${API_BASE}/admin/transfers`;
    proxy.setRoundTrip(RTT_MS);
    const cached: number[] = [];
    const cold: ListFetch[] = [];
    const open: ListFetch[] = [];
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const visitsLoad = partLoad();
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${proxy.baseUrl}/prescriptions/transfers`);
      cached.push(await paintedAt(page));
      // The visit's own background work (session, role, delta sync) is over before the fetches.
      await networkQuiet(page, 1000, 60_000);
      cold.push(await fetchList(listUrl, token, false));
      if (run === 0) await fetchList(listUrl, token, keepAlive);
      open.push(await fetchList(listUrl, token, keepAlive));
    }
    keepAlive.destroy();
    visitsLoad.end();
    partWhole.end();
    proxy.setRoundTrip(0);
    await context.close();

    const ratio = (fetches: ListFetch[]) => median(fetches.map((f) => f.ms)) / median(cached);
    const fetched = (fetches: ListFetch[]) =>
      `${spread(fetches.map((f) => f.ms))} (first byte ${ms(median(fetches.map((f) => f.firstByteMs)))})`;
    console.log('');
    console.log(`Benchmark: opening the app (Chromium ${browser.version()}; ${partWhole.words()})`);
    console.log(`  (a) initial JS to paint /login (gzip; bytes on the wire)   ${kb(total('gzip'))} gzip; ${kb(total('wire'))} on the wire`);
    console.log(
      `      target ≤ ${LOGIN_BUDGET_KB} KB gzip: ${total('gzip') / 1024 <= LOGIN_BUDGET_KB ? 'met' : 'NOT met'}; compressed on the ` +
        `wire: ${uncompressed.length === 0 ? 'yes' : `NO (${uncompressed.map((script) => script.path).join(', ')})`} ` +
        `(Content-Encoding ${encodings}; files under ${COMPRESSED_FROM_BYTES} bytes are sent as they are). Method: ` +
        `${LOGIN_LOADS} first visits (no HTTP cache, no service worker) of /login, the largest shown` +
        `${sameFiles ? ' (the same files each time)' : ' (the files differed between visits)'}; every .js whose request ` +
        `started before the browser's paint timing for the form (Resource Timing against first-contentful-paint); gzip = ` +
        `each file as built, gzipped at level 6; on the wire = the bodies as sent for the browser's Accept-Encoding ` +
        `(Resource Timing encodedBodySize; ${kb(total('wireWithHeaders'))} with response headers). ${scripts.length} files; ` +
        `form painted ${ms(paintMs)} after navigation (local, no added latency).`,
    );
    console.log(`      ${scripts.map((s) => `${s.path} ${(s.gzip / 1024).toFixed(1)}/${(s.wire / 1024).toFixed(1)}`).join(', ')} (KB gzip/wire)`);
    console.log(`  (b) time to list content at ${RTT_MS} ms round-trip, cached vs network-first`);
    console.log(`      cached: navigation to the first transfer rows painted          ${spread(cached)}`);
    console.log(`      network-first: GET the list, new connection, to parsed JSON    ${fetched(cold)}`);
    console.log(`      network-first: GET the list, open connection, to parsed JSON   ${fetched(open)}`);
    console.log(
      `      cached is ${ratio(cold).toFixed(1)}× faster than the fetch on a new connection, ${ratio(open).toFixed(1)}× than on an ` +
        `open one (target ≥ ${CACHED_SPEEDUP}×: ${ratio(cold) >= CACHED_SPEEDUP ? 'met' : 'NOT met'}; ${open[0]!.count.toLocaleString('en-CA')} transfers).`,
    );
    printTable(`a cached list visit beside a bare fetch of the list, each run's fetches right after its visit (ratio under 1: the visit is faster)`, visitsLoad, [
      { key: 'app', label: `cached visit: navigation to the first transfer rows painted, ${RTT_MS} ms round trip`, values: cached, unit: 'ms', vs: ['new', 'open'] },
      { key: 'new', label: 'bare fetch of the whole list, new connection, to parsed JSON', values: cold.map((f) => f.ms), unit: 'ms' },
      { key: 'open', label: 'bare fetch of the whole list, open connection, to parsed JSON', values: open.map((f) => f.ms), unit: 'ms' },
    ]);
    console.log(
      `      Method: ${TRANSFERS.toLocaleString('en-CA')} seeded transfers; a signed-in device (service worker in control, every ` +
        `list synced into IndexedDB) reloads /prescriptions/transfers ${RUNS} times behind a TCP proxy adding ${RTT_MS} ms per ` +
        `round trip (half each way, and one for a new connection's handshake) for the page, its service worker and the ` +
        `identity paths alike; timed in the page from the navigation's start to a task after the frame with the first row. ` +
        `Network-first: after each visit, GET ${API_BASE}/admin/transfers with its token through the same proxy, from this ` +
        `process, timed from the request to the parsed JSON: a lower bound for a network-first app, which would also load ` +
        `its shell and ask /config, the identity service and /role first.`,
    );
  } finally {
    await proxy.close();
    await browser.close();
    await server.stop();
  }
}
