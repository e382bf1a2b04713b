// What staff already did: who has signed in, the emails already delivered and the
// idempotency keys of the recent actions that sent them.
import { createHash } from 'node:crypto';
import type { Sql } from '../db/client';
import { DEMO_ADMIN, DEMO_STAFF } from '../identity/demo-accounts';
import type { Clock } from './demo-clock';
import type { seedInquiries } from './demo-inquiries';
import type { seedRequests } from './demo-requests';
import { insertRows } from './insert-rows';
import type { Random } from './prng';

/**
 * Staff who worked here before (uids `staff-1`…, no sign-in account), named in the audit rows of
 * the demo history.
 */
export const PAST_STAFF = [
  'Amrita Sandhu',
  'Ben LeBlanc',
  'Carmen Ortiz',
  'David Osei',
  'Erin McLeod',
  'Farid Nasser',
  'Gina Park',
].map((name, i) => ({ uid: `staff-${i + 1}`, name, email: `${name.toLowerCase().replace(' ', '.')}@pharmacy.test` }));

export async function seedStaff(tx: Sql, random: Random, clock: Clock) {
  const rows = [
    { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, name: DEMO_ADMIN.displayName },
    ...PAST_STAFF,
    ...DEMO_STAFF.map(({ uid, email, name }) => ({ uid, email, name })),
  ].map((staff) => {
    const first = clock.daysAgo(400);
    return {
      ...staff,
      role: 'admin',
      first_seen_at: first,
      last_seen_at: clock.atLeast(first, random.int(60, 200_000)),
    };
  });
  await insertRows(tx, 'staff', rows);
}

/** Emails already delivered, and the idempotency keys of the staff actions that sent them. */
export async function seedSentMail(
  tx: Sql,
  clock: Clock,
  pharmacyName: string,
  inquiries: Awaited<ReturnType<typeof seedInquiries>>,
  transfers: Awaited<ReturnType<typeof seedRequests>>,
) {
  const replies = inquiries.filter((q) => q.replied && q.email);
  const notified = transfers.filter((t) => t.status === 'completed' && t.email);
  const mail = [
    ...replies.map((q) => ({
      kind: 'inquiry_reply',
      to_address: q.email,
      subject: `Re: your message to ${pharmacyName}`,
      body_text: `Hello ${q.first_name},\n\n${q.reply}\n\n${pharmacyName}`,
      created_at: q.replied_at,
      attempts: 1,
      next_attempt_at: q.replied_at,
      sent_at: q.replied_at,
    })),
    ...notified.map((t) => ({
      kind: 'transfer_completed',
      to_address: t.email,
      subject: 'Your prescription transfer is complete',
      body_text: `Hello ${t.first_name},\n\nYour prescriptions from ${t.pharmacy_name} are now at ${pharmacyName}.\n\n${pharmacyName}`,
      created_at: t.updated_at,
      attempts: 1,
      next_attempt_at: t.updated_at,
      sent_at: t.updated_at,
    })),
  ];
  await insertRows(tx, 'email_outbox', mail);
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const keys = [
    ...replies.map((q) => ({
      key: `seed-reply-${q.message_id}`,
      path: `/admin/messages/${q.message_id}/reply`,
      body: { message_id: q.message_id, resolved: true, replied: true },
      at: q.replied_at!,
    })),
    ...notified.map((t) => ({
      key: `seed-notify-${t.transfer_id}`,
      path: '/admin/prescription-request-notify/transfer',
      body: { transfer_id: t.transfer_id, queued: true },
      at: t.updated_at,
    })),
  ]
    // Keys are kept 7 days: only the recent actions still have theirs.
    .filter((k) => clock.withinDays(k.at, 7))
    .map((k) => ({
      caller_uid: DEMO_ADMIN.uid,
      key: k.key,
      request_hash: hash(`PUT\n${k.path}\n${k.key}`),
      state: 'done',
      status_code: 200,
      response_body: JSON.stringify(k.body),
      created_at: k.at,
    }));
  await insertRows(tx, 'idempotency_keys', keys);
}
