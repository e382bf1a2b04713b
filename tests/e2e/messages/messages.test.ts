// The messages pages (spec section 2 "Messages page", "Guest info page") in Chromium: search by
// each field and each filter against the server's data, resolve, unresolve, a reply emailed to
// the person who asked, guest info; offline, the pages from the cache, a reply and a resolve
// queued and applied once after reconnect, and a reply someone else beat shown as a conflict.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePreview } from '../../../src/client/features/messages/inquiry-list';
import type { Inquiry } from '../../../src/shared/entities';
import { checkA11y } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { launchBrowser, newContext, waitForServiceWorkerControl, goOffline, goOnline } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api, mailbox, outboxEntries, queuedMailDelivered, unsentCount } from '../prescriptions/helpers';
import { waitFor } from '../../support/wait-for';
import { toast } from '../appointments/helpers';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let known: Inquiry[];

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser, { withServiceWorker: true });
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  await waitForServiceWorkerControl(page);
  known = await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries');
});

afterAll(async () => {
  await context?.setOffline(false);
  await browser?.close();
});

const used = new Set<number>();
/** An inquiry of the demo data matching `test`, not used by an earlier step. */
function pick(test: (q: Inquiry) => boolean): Inquiry {
  const unique = (q: Inquiry) => q.email !== null && known.filter((o) => o.email === q.email).length === 1;
  const found = known.find((q) => !used.has(q.message_id) && unique(q) && test(q));
  if (!found) throw new Error('no such inquiry in the demo data');
  used.add(found.message_id);
  return found;
}
const isNew = (q: Inquiry) => !q.resolved && !q.replied;

async function serverInquiry(id: number): Promise<Inquiry> {
  return (await api<Inquiry[]>(page, server.baseUrl, `/admin/inquiries/${id}`))[0]!;
}

async function shownCount(): Promise<number> {
  const text = (await page.getByTestId('inquiry-count').textContent()) ?? '';
  return Number(/^([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? -1);
}

async function choose(testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function open(id: number): Promise<void> {
  await page.goto(`${server.baseUrl}/messages?id=${id}`);
  await page.locator(`[data-testid="inquiry-detail"][data-record-key="${id}"]`).waitFor();
}

const detail = () => page.getByTestId('inquiry-detail');
const mailsTo = async (email: string) => (await mailbox(server.dataDir)).filter((m) => m.includes(email));


describe('messages page', () => {
  it('searches by name, email and phone, filters All/Resolved/Replied/New, and shows each item as the spec says', async () => {
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByTestId('inquiry-row').first().waitFor();
    expect(await shownCount()).toBe(known.length);
    expect(await page.getByTestId('inquiry-detail-placeholder').textContent()).toBe('Select an inquiry to view details.');

    const sample = known.find((q) => q.first_name && q.email && q.phone_number)!;
    const name = `${sample.first_name} ${sample.last_name}`;
    const count = (test: (q: Inquiry) => boolean) => known.filter(test).length;
    await page.getByTestId('inquiry-search').fill(name.toLowerCase());
    await waitFor('name search', async () => (await shownCount()) === count((q) => `${q.first_name ?? ''} ${q.last_name ?? ''}`.trim().toLowerCase().includes(name.toLowerCase())), { timeout: 10_000 });
    await choose('inquiry-search-by', 'Email');
    await page.getByTestId('inquiry-search').fill(sample.email!.toUpperCase());
    await waitFor('email search', async () => (await shownCount()) === count((q) => (q.email ?? '').toLowerCase() === sample.email!.toLowerCase()), { timeout: 10_000 });
    await choose('inquiry-search-by', 'Phone');
    await page.getByTestId('inquiry-search').fill(sample.phone_number!);
    await waitFor('phone search', async () => (await shownCount()) === count((q) => (q.phone_number ?? '').includes(sample.phone_number!)), { timeout: 10_000 });
    await page.getByTestId('inquiry-search').fill('no such phone');
    await page.getByText('No inquiries to display.', { exact: true }).waitFor();
    await page.getByTestId('inquiry-search').fill('');

    const filters: Record<string, (q: Inquiry) => boolean> = {
      Resolved: (q) => q.resolved,
      Replied: (q) => q.replied,
      New: isNew,
      All: () => true,
    };
    for (const [label, keep] of Object.entries(filters)) {
      await choose('inquiry-filter', label);
      await waitFor(`filter ${label}`, async () => (await shownCount()) === count(keep), { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('filter')).toBe(label === 'All' ? null : label);
    }

    // The newest item: name or 'Unknown User', the time of day when created today, 30 characters, the new-dot.
    const newest = [...known].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    const row = page.locator(`[data-testid="inquiry-row"][data-record-key="${newest.message_id}"]`);
    expect(await row.getByTestId('inquiry-preview').textContent()).toBe(messagePreview(newest.message));
    const createdToday = new Date(newest.created_at).toDateString() === new Date().toDateString();
    expect(await row.getByTestId('inquiry-time').textContent()).toMatch(createdToday ? /^\d{1,2}:\d{2}\s?[AP]M$/ : /^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(await row.getByTestId('inquiry-new-dot').count()).toBe(newest.resolved ? 0 : 1);
    await checkA11y(page);
  });

  it('resolves, unresolves and replies; the reply is emailed to the guest; guest info shows who asked', async () => {
    const guest = pick((q) => q.user_id === null && isNew(q));
    await open(guest.message_id);
    await detail().getByRole('button', { name: 'Mark as Resolved' }).click();
    await waitFor('resolved on the server', async () => (await serverInquiry(guest.message_id)).resolved, { timeout: 15_000 });
    await detail().getByRole('button', { name: 'Mark as Unresolved' }).click();
    await waitFor('unresolved on the server', async () => !(await serverInquiry(guest.message_id)).resolved, { timeout: 15_000 });

    const send = detail().getByRole('button', { name: 'Send Reply' });
    expect(await send.isDisabled()).toBe(true);
    await detail().getByPlaceholder('Write your reply...').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    const text = 'Yes, there is parking behind the store.';
    await detail().getByPlaceholder('Write your reply...').fill(text);
    await choose('inquiry-filter', 'New');
    await send.click();
    await toast(page, 'Reply sent successfully!').waitFor();
    await waitFor('filter All in the URL', async () => new URL(page.url()).searchParams.get('filter') === null, { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(guest.message_id));
    await detail().getByText('Replied:', { exact: true }).waitFor();
    expect(await detail().getByTestId('inquiry-reply').textContent()).toBe(text);
    expect(await detail().getByRole('button', { name: /Mark as/ }).count()).toBe(0);
    expect(await detail().getByPlaceholder('Write your reply...').count()).toBe(0);
    expect(await serverInquiry(guest.message_id)).toMatchObject({ replied: true, resolved: true, reply: text });
    await waitFor('the reply email', async () => (await mailsTo(guest.email!)).length === 1, { timeout: 30_000 });
    expect((await mailsTo(guest.email!))[0]).toContain('parking behind the store');

    await detail().getByRole('link', { name: 'See Guest Info' }).click();
    await page.waitForURL(`${server.baseUrl}/messages/${guest.message_id}`);
    const fields = page.getByTestId('guest-info-fields');
    expect(await fields.locator('dt:text-is("Phone") + dd').textContent()).toBe(guest.phone_number || 'N/A');
    expect(await fields.locator('dt:text-is("Email") + dd').textContent()).toBe(guest.email);
    await page.getByText('User said:', { exact: true }).waitFor();
    expect(await page.getByTestId('guest-info-message').textContent()).toBe(guest.message);
    await checkA11y(page);

    const patient = known.find((q) => q.user_id !== null)!;
    await open(patient.message_id);
    expect(await detail().getByRole('link', { name: 'See User Profile' }).getAttribute('href')).toBe(`/users/${patient.user_id}`);

    // Nobody to email: the reply is stored and the app says no email went.
    const unreachable = known.find((q) => q.email === null && q.user_id === null && !q.replied)!;
    used.add(unreachable.message_id);
    const mails = (await mailbox(server.dataDir)).length;
    await open(unreachable.message_id);
    await detail().getByPlaceholder('Write your reply...').fill('Please call us.');
    await detail().getByRole('button', { name: 'Send Reply' }).click();
    await toast(page, 'The reply is saved, but no email was sent: this person left no email address.').waitFor();
    expect((await serverInquiry(unreachable.message_id)).reply).toBe('Please call us.');
    expect((await mailbox(server.dataDir)).length).toBe(mails);
  });

  it('offline: the page from the cache; a resolve and a reply queued, kept over a reload, applied once after reconnect; a reply someone beat is a conflict', async () => {
    const toResolve = pick(isNew);
    const toReply = pick((q) => !q.replied);
    const contested = pick((q) => !q.replied);
    await open(toResolve.message_id);
    await goOffline(context, page);
    await page.reload();
    await page.locator(`[data-testid="inquiry-detail"][data-record-key="${toResolve.message_id}"]`).waitFor();
    expect(await shownCount()).toBe(known.length);

    await detail().getByRole('button', { name: 'Mark as Resolved' }).click();
    await detail().getByRole('button', { name: 'Mark as Unresolved' }).waitFor();
    await page.locator(`[data-testid="inquiry-row"][data-record-key="${toResolve.message_id}"]`).getByTestId('pending-mark').waitFor();

    for (const [inquiry, text] of [
      [toReply, 'Your refill is ready for pickup.'],
      [contested, 'We will call you tomorrow.'],
    ] as const) {
      await page.locator(`[data-testid="inquiry-row"][data-record-key="${inquiry.message_id}"]`).click();
      await detail().getByPlaceholder('Write your reply...').fill(text);
      await detail().getByRole('button', { name: 'Send Reply' }).click();
      await detail().getByTestId('inquiry-reply-pending').waitFor();
      expect(await detail().getByTestId('inquiry-reply').textContent()).toBe(text);
    }
    await page.getByText('Saved on this device. It will be sent when the connection returns.').first().waitFor();
    expect(await unsentCount(page)).toBe(3);

    await page.reload();
    await page.locator(`[data-testid="inquiry-detail"][data-record-key="${contested.message_id}"]`).waitFor();
    await detail().getByTestId('inquiry-reply-pending').waitFor();
    expect(await detail().getByTestId('inquiry-reply').textContent()).toBe('We will call you tomorrow.');
    expect(await serverInquiry(toReply.message_id)).toMatchObject({ replied: false });
    expect((await serverInquiry(toResolve.message_id)).resolved).toBe(false);

    // Meanwhile a colleague answers the contested one from another device.
    const colleague = 'A colleague already answered: we open at 9.';
    await api(page, server.baseUrl, `/admin/messages/${contested.message_id}/reply`, {
      method: 'PUT',
      body: JSON.stringify({ reply: colleague }),
      headers: { 'Idempotency-Key': `e2e-colleague-${Date.now()}` },
    });

    await goOnline(context, page);
    await waitFor('the outbox to drain all but the conflict', async () => (await unsentCount(page)) === 1, { timeout: 30_000 });
    expect((await serverInquiry(toResolve.message_id)).resolved).toBe(true);
    expect(await serverInquiry(toReply.message_id)).toMatchObject({ replied: true, reply: 'Your refill is ready for pickup.' });
    // This reply's email: the same person may have had others (a transfer notified by another file).
    const replyMails = async () => (await mailsTo(toReply.email!)).filter((m) => m.includes('Your refill is ready for pickup.'));
    await waitFor('the queued reply email', async () => (await replyMails()).length === 1, { timeout: 30_000 });

    const conflict = detail().getByTestId('inquiry-conflict');
    await conflict.waitFor({ timeout: 30_000 });
    expect(await conflict.textContent()).toContain('Send Reply: not applied');
    expect(await conflict.textContent()).toContain('already been replied to');
    expect(await conflict.getByTestId('inquiry-refused-reply').textContent()).toContain('We will call you tomorrow.');
    expect(await detail().getByTestId('inquiry-reply').textContent()).toBe(colleague);
    expect(await serverInquiry(contested.message_id)).toMatchObject({ reply: colleague });

    // Exactly once: nothing more goes out (the device holds only the conflict, which waits for a
    // person, and every email queued so far has been delivered). The answered entries let go of
    // their records once a sync after them has brought the records (letAnswersGo): a moment later.
    const states = async () => (await outboxEntries(page)).map((entry) => entry.state).join(',');
    await waitFor('the outbox to hold only the conflict', async () => (await states()) === 'conflict', { timeout: 30_000 }).catch(
      async (error: unknown) => {
        throw new Error(`the outbox holds ${await states()}`, { cause: error });
      },
    );
    await queuedMailDelivered(page, server.baseUrl, server.dataDir, [toReply.email!, contested.email!]);
    expect(await replyMails()).toHaveLength(1);
    expect((await mailsTo(contested.email!)).filter((m) => m.includes('We will call you tomorrow'))).toHaveLength(0);
    await checkA11y(page);
  });
});
