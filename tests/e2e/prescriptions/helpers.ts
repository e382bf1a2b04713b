// What the prescription-page tests share: finding rows, reading the server's view, the mailbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE } from '../../../src/shared/constants';

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
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The `.eml` files the server wrote (no SMTP_URL: DATA_DIR/mail). */
export async function mailbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => readFile(path.join(dir, n), 'utf8')));
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Counts the unsent outbox entries shown in the navigation bar (0 when the button is hidden). */
export async function unsentCount(page: Page): Promise<number> {
  // One read (no waiting): the button may vanish between two separate looks.
  const label = await page
    .getByTestId('unsent-changes-button')
    .evaluateAll((buttons) => buttons[0]?.getAttribute('aria-label') ?? '');
  return Number(/^(\d+)/.exec(label)?.[1] ?? 0);
}

/** Entries in the device's outbox, read straight from IndexedDB (not through the UI). */
export async function outboxCount(page: Page): Promise<number> {
  return (await outboxEntries(page)).length;
}

/** The outbox entries' state, attempts and last error, for counting and for failure messages. */
export function outboxEntries(
  page: Page,
): Promise<Array<{ id: string; state: string; attempts: number; lastError: string | null }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('pharmacy-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) return [];
      const all = await new Promise<Array<{ id: string; state: string; attempts: number; lastError: string | null }>>(
        (resolve, reject) => {
          const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        },
      );
      return all.map(({ id, state, attempts, lastError }) => ({ id, state, attempts, lastError }));
    } finally {
      db.close();
    }
  });
}
