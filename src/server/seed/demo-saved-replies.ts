// Saved replies (issue 19) a pharmacy might keep, with the placeholders the reply box fills in,
// and the event that created each. Fixed keys and times: the seed stays deterministic.
import type { Sql } from '../db/client';
import { DEMO_ADMIN } from '../identity/demo-accounts';
import { insertRows } from './insert-rows';

const REPLIES: [string, string][] = [
  ['Refill ready', 'Hello {first_name}, your refill is ready for pickup at {pharmacy_name}.'],
  ['Opening hours', 'Hello {first_name}, we are open Monday to Friday 9 to 9, and weekends 10 to 6.'],
  ['Parking', 'Hello {first_name}, there is free parking behind the store.'],
  ['Transfer received', 'Hello {first_name} {last_name}, we received your prescription transfer and will call you once it is ready.'],
  ['Flu shot', 'Hello {first_name}, flu shots are available without an appointment. Please bring your health card.'],
  ['Call us', 'Hello {first_name}, please call {pharmacy_name} so a pharmacist can answer you directly.'],
  ['Renewal sent to doctor', 'Hello {first_name}, we sent the renewal request to your doctor and will let you know when we hear back.'],
  ['Delivery', 'Hello {first_name}, we deliver free of charge within 5 km. Let us know a time that suits you.'],
];

export async function seedSavedReplies(tx: Sql, now: Date): Promise<void> {
  const at = now.toISOString();
  const rows = REPLIES.map(([title, text], i) => ({
    saved_reply_id: i + 1,
    title,
    text,
    created_by: DEMO_ADMIN.uid,
    updated_by: DEMO_ADMIN.uid,
    created_at: at,
    updated_at: at,
  }));
  await insertRows(tx, 'saved_replies', rows);
  await insertRows(
    tx,
    'saved_reply_events',
    rows.map((row) => ({ saved_reply_id: row.saved_reply_id, action: 'create', title: row.title, text: row.text, actor_uid: DEMO_ADMIN.uid, created_at: at })),
  );
}
