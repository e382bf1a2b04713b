// The access log from the device's side (issue 18 §1), in Chromium against the real server: a
// record opened offline reaches the log once after reconnecting, attributed to the person and
// timed when it was opened; a change made offline too; the Access Log screen finds them by
// patient and staff member, exports them as CSV, and the export is an entry of its own.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry, AccessLogPage } from '../../../src/shared/access-log';
import type { Transfer } from '../../../src/shared/entities';
import { launchBrowser, newContext, waitForServiceWorkerControl } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { createStaff } from '../support/staff';
import { api, detail, openRecord, unsentCount } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the access log', () => {
  it('a record viewed and changed offline reaches the log once after reconnecting, attributed and timed when it happened', async () => {
    const staff = await createStaff();
    const context = await newContext(browser, { withServiceWorker: true });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, staff);
    await page.goto(`${server.baseUrl}/prescriptions/transfers`);
    await waitForServiceWorkerControl(page);
    const transfer = (await api<Transfer[]>(page, server.baseUrl, '/admin/transfers')).find((t) => t.status === 'active')!;
    const entriesOf = async () =>
      (await api<AccessLogPage>(page, server.baseUrl, `/admin/access-log?staff=${encodeURIComponent(staff.uid)}&limit=500`)).entries;

    // The list is on the device before the network goes (its first sync is not what is tried here).
    await page.getByTestId('prescription-row').first().waitFor();
    await context.setOffline(true);
    const openedAt = Date.now();
    await openRecord(page, server.baseUrl, '/prescriptions/transfers', transfer.transfer_id);
    await detail(page).getByRole('button', { name: 'Mark as Complete' }).click();
    await waitFor('the queued change', async () => (await unsentCount(page)) === 1);
    const queuedAt = Date.now();
    // Offline a while: the entries must say when they happened, not when they arrived.
    await waitFor('time to pass offline', async () => Date.now() - queuedAt > 3000, { timeout: 10_000 });
    await context.setOffline(false);

    let found: AccessLogEntry[] = [];
    await waitFor(
      'the offline view and change in the log',
      async () => {
        found = (await entriesOf()).filter((entry) => entry.record_id === transfer.transfer_id && entry.collection === 'transfers');
        return found.some((entry) => entry.action === 'view') && found.some((entry) => entry.action === 'status');
      },
      { timeout: 60_000, interval: 1000 },
    );
    const views = found.filter((entry) => entry.action === 'view');
    const changes = found.filter((entry) => entry.action === 'status');
    expect(views).toHaveLength(1);
    expect(changes).toHaveLength(1);
    for (const entry of [...views, ...changes]) {
      expect(entry).toMatchObject({ actor_uid: staff.uid, actor_name: staff.email, offline: true });
      expect(entry.patient_name).toBe(`${transfer.first_name} ${transfer.last_name}`);
      expect(entry.device_id).toMatch(/^[0-9a-f]{32}$/);
      // Timed on the device, seconds before the server heard of it.
      expect(Date.parse(entry.occurred_at)).toBeGreaterThanOrEqual(openedAt - 1000);
      expect(Date.parse(entry.received_at) - Date.parse(entry.occurred_at)).toBeGreaterThan(2000);
    }

    // Exactly once: a later drain, a reload, sends nothing more.
    await page.reload();
    await detail(page).waitFor();
    await waitFor('the reload to settle', async () => (await unsentCount(page)) === 0);
    const again = (await entriesOf()).filter((entry) => entry.record_id === transfer.transfer_id && entry.action === 'status');
    expect(again).toHaveLength(1);
    await context.close();
  });

  it('the Access Log screen finds a patient’s entries by who did it, by name, and exports them, the export an entry of its own', async () => {
    const staff = await createStaff({ name: `Nadia Staffname ${Date.now().toString(36)}` });
    const context = await newContext(browser, { acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, staff);
    const transfer = (await api<Transfer[]>(page, server.baseUrl, '/admin/transfers'))[0]!;
    await openRecord(page, server.baseUrl, '/prescriptions/transfers', transfer.transfer_id);
    // A view is sent with the next drain, within the gathering time.
    await waitFor(
      'the view in the log',
      async () =>
        (await api<AccessLogPage>(page, server.baseUrl, `/admin/access-log?staff=${encodeURIComponent(staff.uid)}&action=view`)).entries
          .length > 0,
      { timeout: 40_000, interval: 1000 },
    );

    await page.getByRole('button', { name: 'Admin Authenticated' }).click();
    // The user menu says who is signed in, by their staff name (issue 19).
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(`Signed in as ${staff.name}`);
    await page.getByRole('menuitem', { name: 'Access Log' }).click();
    await page.getByRole('heading', { name: 'Access Log' }).waitFor();
    await page.getByLabel('Patient').fill(transfer.last_name);
    await waitFor('the patient’s rows', async () => {
      const rows = await page.getByTestId('access-log-row').allTextContents();
      return rows.length > 0 && rows.every((text) => text.includes(transfer.last_name));
    });
    // Who viewed it: the name, not the email.
    const rows = await page.getByTestId('access-log-row').allTextContents();
    expect(rows.some((text) => text.includes(staff.name!))).toBe(true);
    expect(rows.some((text) => text.includes(staff.email))).toBe(false);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('access-log-export').click()]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.split('\n')[0]).toMatch(/entry_id/);
    expect(text).toContain(transfer.last_name);
    expect(text).toContain(`,${staff.name},`);
    const exports = await waitFor('the export in the log', async () => {
      const { entries } = await api<AccessLogPage>(page, server.baseUrl, `/admin/access-log?staff=${encodeURIComponent(staff.uid)}&action=export`);
      return entries.length === 1 ? entries : null;
    });
    // From this device, as the other entries of this person.
    expect(exports[0]!.device_id).toMatch(/^[0-9a-f]{32}$/);
    await context.close();
  });
});
