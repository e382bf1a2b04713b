import type { Page } from 'playwright-core';
import { ADMIN_TOKEN_KEY, API_BASE } from '../../../src/shared/constants';

/** Calls the API as the page's signed-in user (its adminToken), from the test process. */
export async function apiAs<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  const response = await fetch(`${baseUrl}${API_BASE}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}
