// Replies being written, kept per inquiry on the device until the server has taken the reply or
// the person empties the box: they survive a reload, the idle lock and a lost connection. Device
// data like the rest (a logout's wipe takes them).
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
