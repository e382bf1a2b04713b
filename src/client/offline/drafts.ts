// Replies being written, kept per inquiry on the device until the server has taken the reply or
// the person empties the box: they survive a reload, the idle lock and a lost connection. Device
// data like the rest (a logout's wipe takes them).
import type { InquiryState } from '../../shared/inquiry-api';
import { db } from './db';

const keyOf = (messageId: number) => `draft:inquiry:${messageId}`;

export async function readDraft(messageId: number): Promise<string> {
  const row = await db.meta.get(keyOf(messageId)).catch(() => undefined);
  return typeof row?.value === 'string' ? row.value : '';
}

export async function writeDraft(messageId: number, text: string): Promise<void> {
  if (text === '') await db.meta.delete(keyOf(messageId));
  else await db.meta.put({ key: keyOf(messageId), value: text });
}

const seenKeyOf = (messageId: number) => `draft-seen:inquiry:${messageId}`;

/**
 * The inquiry's state when its draft was begun (issue 19): the reply carries it, and the server
 * refuses it when someone else has changed the inquiry since. Undefined for a draft kept before.
 */
export async function readDraftSeen(messageId: number): Promise<Exclude<InquiryState, 'replied'> | undefined> {
  const row = await db.meta.get(seenKeyOf(messageId)).catch(() => undefined);
  return row?.value === 'new' || row?.value === 'resolved' ? row.value : undefined;
}

export async function writeDraftSeen(messageId: number, state: InquiryState | undefined): Promise<void> {
  if (state === undefined) await db.meta.delete(seenKeyOf(messageId));
  else await db.meta.put({ key: seenKeyOf(messageId), value: state });
}
