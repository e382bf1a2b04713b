// Saved replies (issue 19) in Chromium: one created, edited and deleted in the Messages page's
// panel; chosen by keyboard in an inquiry's reply box with its placeholders filled from the
// inquiry and the pharmacy's name, then sent; and one created offline, offered by the reply box
// at once, and sent once when the connection returns.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../../src/shared/entities';
import type { SavedReply } from '../../../src/shared/saved-replies';
import { checkA11y } from '../support/a11y';
import { ADMIN } from '../support/accounts';
import { goOffline, goOnline, launchBrowser, newContext } from '../support/browser';
import { sharedServer, type SharedServer } from '../support/shared';
import { signIn } from '../support/sign-in';
import { api, outboxEntries, unsentCount } from '../prescriptions/helpers';
import { toast } from '../appointments/helpers';
import { waitFor } from '../../support/wait-for';

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let inquiry: Inquiry;
const RUN = Date.now().toString(36);

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  const inquiries = await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries');
  // A guest's question with both names, not yet replied; one the messages e2e does not pick for
  // its "nobody to email" case (it wants no email).
  inquiry = inquiries.find((q) => !q.replied && q.first_name && q.last_name && q.email && q.user_id === null)!;
});

afterAll(async () => {
  await context?.setOffline(false);
  await browser?.close();
});

const panel = () => page.getByTestId('saved-replies-panel');
const serverReplies = () => api<SavedReply[]>(page, server.baseUrl, '/admin/saved-replies');
const rowOf = (title: string) => panel().getByTestId('saved-reply-row').filter({ hasText: title });

async function openPanel(): Promise<void> {
  await page.getByTestId('saved-replies-open').click();
  await panel().getByLabel('Title').waitFor();
}

async function saveReply(title: string, text: string): Promise<void> {
  await panel().getByLabel('Title').fill(title);
  await panel().getByLabel('Text').fill(text);
  await panel().getByRole('button', { name: 'Save' }).click();
  await rowOf(title).waitFor();
}

/** Chooses a saved reply in the reply box with the keyboard only: type to search, arrows, Enter. */
async function pickByKeyboard(search: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Insert a saved reply' }).focus();
  await page.keyboard.type(search);
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

describe('saved replies', () => {
  it('are created, edited and deleted in their panel, and fill their placeholders in a reply', async () => {
    const title = `Refill ready ${RUN}`;
    await page.goto(`${server.baseUrl}/messages?id=${inquiry.message_id}`);
    await page.locator(`[data-testid="inquiry-detail"][data-record-key="${inquiry.message_id}"]`).waitFor();
    await openPanel();
    await saveReply(title, 'Hello {first_name}, your refill is ready.');
    await toast(page, 'Saved reply saved.').waitFor();
    await checkA11y(page);

    await rowOf(title).getByRole('button', { name: `Edit “${title}”` }).click();
    await panel().getByLabel('Text').fill('  Hello {first_name} {last_name}, your refill is ready at {pharmacy_name}.  ');
    await panel().getByRole('button', { name: 'Save' }).click();
    await waitFor('the edit on the server', async () => (await serverReplies()).some((r) => r.title === title && r.text.includes('{pharmacy_name}')), { timeout: 15_000 });
    const saved = (await serverReplies()).find((r) => r.title === title)!;
    expect(saved.text).toBe('Hello {first_name} {last_name}, your refill is ready at {pharmacy_name}.');
    await page.keyboard.press('Escape');
    await panel().getByLabel('Title').waitFor({ state: 'detached' });

    const box = page.getByTestId('inquiry-reply-input');
    await pickByKeyboard(`refill ${RUN}`);
    const filled = `Hello ${inquiry.first_name} ${inquiry.last_name}, your refill is ready at Trillium Test Pharmacy.`;
    expect(await box.inputValue()).toBe(filled);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await toast(page, 'Reply sent successfully!').waitFor();
    const [stored] = await api<Inquiry[]>(page, server.baseUrl, `/admin/inquiries/${inquiry.message_id}`);
    expect(stored).toMatchObject({ replied: true, reply: filled });

    await openPanel();
    await rowOf(title).getByRole('button', { name: `Delete “${title}”` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Saved reply deleted.').waitFor();
    await rowOf(title).waitFor({ state: 'detached' });
    expect((await serverReplies()).some((r) => r.title === title)).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('offline: one created is offered by the reply box at once and reaches the server once when back', async () => {
    const title = `Call us ${RUN}`;
    const other = (await api<Inquiry[]>(page, server.baseUrl, '/admin/inquiries')).find(
      (q) => !q.replied && q.first_name && q.message_id !== inquiry.message_id,
    )!;
    await page.goto(`${server.baseUrl}/messages?id=${other.message_id}`);
    await page.locator(`[data-testid="inquiry-detail"][data-record-key="${other.message_id}"]`).waitFor();
    await goOffline(context, page);

    await openPanel();
    await saveReply(title, 'Please call {pharmacy_name}, {first_name}.');
    await rowOf(title).getByTestId('pending-mark').waitFor();
    await page.keyboard.press('Escape');
    await panel().getByLabel('Title').waitFor({ state: 'detached' });
    await pickByKeyboard(`call us ${RUN}`);
    expect(await page.getByTestId('inquiry-reply-input').inputValue()).toBe(`Please call Trillium Test Pharmacy, ${other.first_name}.`);
    expect(await unsentCount(page)).toBe(1);
    expect((await serverReplies()).some((r) => r.title === title)).toBe(false);

    await goOnline(context, page);
    await waitFor('the outbox drained', async () => (await outboxEntries(page)).length === 0, { timeout: 30_000 });
    const created = (await serverReplies()).filter((r) => r.title === title);
    expect(created).toEqual([{ saved_reply_id: created[0]!.saved_reply_id, title, text: 'Please call {pharmacy_name}, {first_name}.' }]);
    await page.getByTestId('inquiry-reply-input').fill('');
  });
});
