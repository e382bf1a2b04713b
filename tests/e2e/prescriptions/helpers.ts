// What the prescription-page tests share: finding rows, reading the server's view, the mailbox.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { waitFor } from '../../support/wait-for';

export function rows(page: Page): Locator {
  return page.getByTestId('prescription-row');
}

export function row(page: Page, key: number): Locator {
  return page.locator(`[data-testid="prescription-row"][data-record-key="${key}"]`);
}

export function detail(page: Page): Locator {
  return page.getByTestId('prescription-detail');
}

/** Opens a list page with a record selected (deep link, spec query parameter `id`). */
export async function openRecord(page: Page, baseUrl: string, pagePath: string, key: number): Promise<void> {
  await page.goto(`${baseUrl}${pagePath}?id=${key}`);
  await detail(page).waitFor();
}

export async function detailStatus(page: Page): Promise<string | null> {
  return page.getByTestId('prescription-detail-status').textContent();
}

/** Calls the API from the test process with the page's adminToken. */
export async function api<T>(page: Page, baseUrl: string, apiPath: string, init: RequestInit = {}): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  const response = await fetch(`${baseUrl}${API_BASE}${apiPath}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  if (!response.ok) {
    const said = (await response.text()).slice(0, 200);
    throw new Error(`${init.method ?? 'GET'} ${apiPath} answered ${response.status} ${said} (token ${token ? `of ${token.length} characters` : 'missing'})`);
  }
  return (await response.json()) as T;
}

/** The `.eml` files the server wrote (no SMTP_URL: DATA_DIR/mail). */
export async function mailbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.filter((n) => n.endsWith('.eml')).map(async (n) => readable(await readFile(path.join(dir, n), 'utf8'))));
}

/**
 * A message as a person reads it: a quoted-printable body decoded. Its long lines are cut with
 * soft breaks ("=" at the end of a line) wherever 76 characters fall, so a phrase looked for in
 * the raw file is found or not depending on the text around it (a longer quoted question).
 */
function readable(message: string): string {
  const split = message.search(/\r?\n\r?\n/);
  if (split < 0 || !/^Content-Transfer-Encoding: quoted-printable/im.test(message.slice(0, split))) return message;
  const body = message
    .slice(split)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return message.slice(0, split) + Buffer.from(body, 'latin1').toString('utf8');
}

/**
 * Every email the server had queued so far is in the mailbox: one more is queued now (a notify of
 * a completed transfer, through the API) and waited for; the mail worker sends in the order the
 * emails were queued, so it comes last. How a test says "and no second email went out" without
 * waiting and hoping. `besides`: addresses whose emails the test counts (not used for this one).
 */
export async function queuedMailDelivered(page: Page, baseUrl: string, dataDir: string, besides: string[]): Promise<void> {
  const transfers = await api<Transfer[]>(page, baseUrl, '/admin/transfers');
  const last = transfers.find((t) => t.status === 'completed' && t.email && !besides.includes(t.email));
  if (!last) throw new Error('no completed transfer with an email to notify');
  const mails = async () => (await mailbox(dataDir)).filter((m) => m.includes(last.email!)).length;
  const before = await mails();
  await api(page, baseUrl, '/admin/prescription-request-notify/transfer', {
    method: 'PUT',
    body: JSON.stringify(last),
    headers: { 'Idempotency-Key': `e2e-last-mail-${randomUUID()}` },
  });
  await waitFor('the email queued last', async () => (await mails()) > before, { timeout: 30_000 });
}

/** Counts the unsent outbox entries shown in the navigation bar (0 when the button is hidden). */
export async function unsentCount(page: Page): Promise<number> {
  // One read (no waiting): the button may vanish between two separate looks.
  const label = await page
    .getByTestId('unsent-changes-button')
    .evaluateAll((buttons) => buttons[0]?.getAttribute('aria-label') ?? '');
  return Number(/^(\d+)/.exec(label)?.[1] ?? 0);
}

/** Changes in the device's outbox, read straight from IndexedDB (not through the UI). */
export async function outboxCount(page: Page): Promise<number> {
  return (await outboxEntries(page)).length;
}

/**
 * Every record of one of the app's IndexedDB stores as stored (none if the store is not there);
 * `bound`, the two ends of a key range to read instead.
 */
export function storedRecords<T>(page: Page, store: string, bound?: [unknown, unknown]): Promise<T[]> {
  return page.evaluate(
    async ([name, range]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('pharmacy-offline');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(name)) return [];
        return await new Promise<unknown[]>((resolve, reject) => {
          const request = db
            .transaction(name, 'readonly')
            .objectStore(name)
            .getAll(range ? IDBKeyRange.bound(range[0], range[1]) : undefined);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    [store, bound ?? null] as const,
  ) as Promise<T[]>;
}

/**
 * The outbox's changes (the access log's entries, queued beside them, left out): their state,
 * attempts and last error, for counting and for failure messages.
 */
export async function outboxEntries(
  page: Page,
): Promise<Array<{ id: string; state: string; attempts: number; lastError: string | null }>> {
  const all = await storedRecords<{ id: string; state: string; attempts: number; lastError: string | null; action?: string }>(page, 'outbox');
  return all.filter((entry) => entry.action !== 'access-record').map(({ id, state, attempts, lastError }) => ({ id, state, attempts, lastError }));
}
