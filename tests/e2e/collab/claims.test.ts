// Claims and assignment (issue 19, section 3), in Chromium: two named staff in two browser
// contexts, each on its own server instance of one PostgreSQL: given DATABASE_URL only (CI's
// PostgreSQL stage; skipped in npm test on the embedded database, where the API tests prove the
// claims' SQL and one server would add no path of its own). Both claim one transfer at once: one
// wins, the other sees who has it and takes it over (recorded); "Mine" and "Unassigned" filter the
// lists and the dashboard counts one's own; a claim made offline is sent once when the connection
// returns, and one that meets someone else's is a conflict naming them.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccessLogPage } from '../../../src/shared/access-log';
import type { Inquiry, Transfer } from '../../../src/shared/entities';
import { api, detail, openRecord, row, unsentCount } from '../prescriptions/helpers';
import { goOffline, goOnline } from '../support/browser';
import type { RunningServer } from '../support/server';
import { startTwoStaff, type TwoStaff } from '../support/two-staff';
import type { StaffAccount } from '../support/staff';
import { waitFor } from '../../support/wait-for';

const TRANSFERS = '/prescriptions/transfers';
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

let two: TwoStaff | undefined;
let serverA: RunningServer;
let serverB: RunningServer;
let priya: StaffAccount;
let omar: StaffAccount;
let contextB: BrowserContext;
let pageA: Page;
let pageB: Page;
/** Active transfers nobody has, taken one per test. */
let free: Transfer[] = [];

const status = (page: Page): Locator => detail(page).getByTestId('assignment-status');

async function serverTransfer(id: number): Promise<Transfer> {
  const all = await api<Transfer[]>(pageA, serverA.baseUrl, '/admin/transfers');
  return all.find((t) => t.transfer_id === id)!;
}

async function logged(action: string, id: number) {
  const page = await api<AccessLogPage>(pageA, serverA.baseUrl, `/admin/access-log?action=${action}`);
  return page.entries.filter((entry) => entry.collection === 'transfers' && entry.record_id === id);
}

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  two = await startTwoStaff('claims');
  ({ serverA, serverB, priya, omar, contextB, pageA, pageB } = two);
  free = (await api<Transfer[]>(pageA, serverA.baseUrl, '/admin/transfers')).filter((t) => t.status === 'active' && !t.assignee_uid);
}, 180_000);

afterAll(async () => {
  await contextB?.setOffline(false);
  await two?.close();
});

it.skipIf(!ON_POSTGRES)('two claims at once: one wins, the other sees who has it and can take it over', async () => {
  const target = free.shift()!;
  await Promise.all([
    openRecord(pageA, serverA.baseUrl, TRANSFERS, target.transfer_id),
    openRecord(pageB, serverB.baseUrl, TRANSFERS, target.transfer_id),
  ]);
  const claimA = detail(pageA).getByRole('button', { name: 'Assign to me' });
  const claimB = detail(pageB).getByRole('button', { name: 'Assign to me' });
  await Promise.all([claimA.waitFor(), claimB.waitFor()]);
  await Promise.all([claimA.click(), claimB.click()]);

  await waitFor('the claim to reach the server', async () => Boolean((await serverTransfer(target.transfer_id)).assignee_uid), {
    timeout: 10_000,
  });
  const holder = (await serverTransfer(target.transfer_id)).assignee_uid;
  expect([priya.uid, omar.uid]).toContain(holder);
  const [winner, loser] = holder === priya.uid ? [pageA, pageB] : [pageB, pageA];
  const [winnerName, loserName] = holder === priya.uid ? ['Priya Shah', 'Omar Haddad'] : ['Omar Haddad', 'Priya Shah'];
  await status(winner).getByText('Assigned to you', { exact: true }).waitFor({ timeout: 10_000 });
  // The other is told who has it, and the detail says so.
  await loser.getByText(`${winnerName} has this.`).first().waitFor({ timeout: 10_000 });
  await status(loser).getByText(`${winnerName} has this`, { exact: true }).waitFor({ timeout: 10_000 });
  expect(await logged('assign', target.transfer_id)).toHaveLength(1);

  await detail(loser).getByRole('button', { name: 'Take over' }).click();
  await status(loser).getByText('Assigned to you', { exact: true }).waitFor({ timeout: 10_000 });
  await status(winner).getByText(`${loserName} has this`, { exact: true }).waitFor({ timeout: 10_000 });
  await waitFor('the take-over on the server', async () => (await serverTransfer(target.transfer_id)).assignee_name === loserName, {
    timeout: 10_000,
  });
  const takeOvers = await logged('take-over', target.transfer_id);
  expect(takeOvers).toHaveLength(1);
  expect(takeOvers[0]!.detail).toMatchObject({ assignee: loserName, from: winnerName });
  // The refused claim was set aside by the take-over: nothing is left to send.
  await waitFor('the loser’s outbox to empty', async () => (await unsentCount(loser)) === 0, { timeout: 10_000 });
});

it.skipIf(!ON_POSTGRES)('"Mine" and "Unassigned" filter the list, rows show the assignee, and the dashboard counts one’s own', async () => {
  const [mine, other] = [free.shift()!, free.shift()!];
  await openRecord(pageA, serverA.baseUrl, TRANSFERS, mine.transfer_id);
  await detail(pageA).getByRole('button', { name: 'Assign to me' }).click();
  await status(pageA).getByText('Assigned to you', { exact: true }).waitFor();
  // Assign to…: a staff member by name, from the synced directory.
  await openRecord(pageA, serverA.baseUrl, TRANSFERS, other.transfer_id);
  await detail(pageA).getByRole('button', { name: 'Assign to…' }).click();
  await pageA.getByRole('menuitem', { name: 'Omar Haddad' }).click();
  await status(pageA).getByText('Omar Haddad has this', { exact: true }).waitFor();
  await row(pageA, other.transfer_id).getByLabel('Assigned to Omar Haddad').waitFor();
  expect(await row(pageA, mine.transfer_id).getByTestId('row-assignee').textContent()).toBe('PS');

  const filter = pageA.getByTestId('assignee-filter');
  await filter.getByText('Mine', { exact: true }).click();
  await row(pageA, mine.transfer_id).waitFor();
  await row(pageA, other.transfer_id).waitFor({ state: 'detached' });
  await filter.getByText('Unassigned', { exact: true }).click();
  await row(pageA, mine.transfer_id).waitFor({ state: 'detached' });
  await row(pageA, other.transfer_id).waitFor({ state: 'detached' });
  expect(await pageA.getByTestId('prescription-row').count()).toBeGreaterThan(0);
  expect(await pageA.getByTestId('prescription-row').getByTestId('row-assignee').count()).toBe(0);
  await filter.getByText('Everyone', { exact: true }).click();
  await row(pageA, other.transfer_id).waitFor();

  const priyasActive = (await api<Transfer[]>(pageA, serverA.baseUrl, '/admin/transfers')).filter(
    (t) => t.status === 'active' && t.assignee_uid === priya.uid,
  ).length;
  await pageA.goto(`${serverA.baseUrl}/dashboard`);
  await pageA.locator(`[data-testid="widget-transfers-mine"][data-count="${priyasActive}"]`).waitFor();
});

it.skipIf(!ON_POSTGRES)('an inquiry is claimed from its detail and kept by "Mine" in Messages', async () => {
  const inquiry = (await api<Inquiry[]>(pageA, serverA.baseUrl, '/admin/inquiries')).find((q) => !q.resolved && !q.assignee_uid)!;
  await pageA.goto(`${serverA.baseUrl}/messages?id=${inquiry.message_id}`);
  const shown = pageA.locator(`[data-testid="inquiry-detail"][data-record-key="${inquiry.message_id}"]`);
  await shown.getByRole('button', { name: 'Assign to me' }).click();
  await shown.getByTestId('assignment-status').getByText('Assigned to you', { exact: true }).waitFor();
  const inquiryRow = pageA.locator(`[data-testid="inquiry-row"][data-record-key="${inquiry.message_id}"]`);
  await pageA.getByTestId('assignee-filter').getByText('Mine', { exact: true }).click();
  expect(await inquiryRow.getByTestId('row-assignee').textContent()).toBe('PS');
  expect(await pageA.getByTestId('inquiry-row').count()).toBe(1);
});

it.skipIf(!ON_POSTGRES)('a claim made offline shows at once and is sent once when the connection returns', async () => {
  const target = free.shift()!;
  await openRecord(pageB, serverB.baseUrl, TRANSFERS, target.transfer_id);
  await detail(pageB).getByRole('button', { name: 'Assign to me' }).waitFor();
  await goOffline(contextB, pageB);
  await detail(pageB).getByRole('button', { name: 'Assign to me' }).click();
  await status(pageB).getByText('Assigned to you', { exact: true }).waitFor();
  await detail(pageB).getByTestId('pending-mark').waitFor();
  expect(await unsentCount(pageB)).toBe(1);
  expect((await serverTransfer(target.transfer_id)).assignee_uid ?? null).toBeNull();

  await goOnline(contextB, pageB);
  await waitFor('the outbox to drain', async () => (await unsentCount(pageB)) === 0, { timeout: 30_000 });
  expect(await serverTransfer(target.transfer_id)).toMatchObject({ assignee_uid: omar.uid, assignee_name: 'Omar Haddad' });
  const entries = await logged('assign', target.transfer_id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actor_name: 'Omar Haddad', offline: true, detail: { assignee: 'Omar Haddad' } });
});

it.skipIf(!ON_POSTGRES)('a claim queued offline that meets someone else’s is a conflict of the outbox, naming the holder', async () => {
  const target = free.shift()!;
  await openRecord(pageB, serverB.baseUrl, TRANSFERS, target.transfer_id);
  await detail(pageB).getByRole('button', { name: 'Assign to me' }).waitFor();
  await goOffline(contextB, pageB);
  await detail(pageB).getByRole('button', { name: 'Assign to me' }).click();
  await status(pageB).getByText('Assigned to you', { exact: true }).waitFor();
  // Meanwhile Priya claims it online.
  await openRecord(pageA, serverA.baseUrl, TRANSFERS, target.transfer_id);
  await detail(pageA).getByRole('button', { name: 'Assign to me' }).click();
  await waitFor('Priya’s claim on the server', async () => (await serverTransfer(target.transfer_id)).assignee_uid === priya.uid, {
    timeout: 10_000,
  });

  await goOnline(contextB, pageB);
  const conflict = detail(pageB).getByTestId('prescription-conflict');
  await conflict.getByText(/Priya Shah has this\./).waitFor({ timeout: 30_000 });
  await status(pageB).getByText('Priya Shah has this', { exact: true }).waitFor({ timeout: 10_000 });
  expect((await serverTransfer(target.transfer_id)).assignee_uid).toBe(priya.uid);
  expect(await logged('assign', target.transfer_id)).toHaveLength(1);
  // Omar decides: he takes it over, which sets his refused claim aside.
  await detail(pageB).getByRole('button', { name: 'Take over' }).click();
  await waitFor('the take-over', async () => (await serverTransfer(target.transfer_id)).assignee_uid === omar.uid, { timeout: 10_000 });
  await conflict.waitFor({ state: 'detached' });
  await waitFor('Omar’s outbox to empty', async () => (await unsentCount(pageB)) === 0, { timeout: 10_000 });
});
