// Data access of saved replies (issue 19): the cached list, and its three writes, each with its
// event in saved_reply_events (the same transaction).
import { SavedReplySchema, normalizeSavedReply, type SavedReply } from '../../shared/saved-replies';
import type { Sql } from '../db/client';
import type { Actor } from './actor';
import { selectFields, type SyncedList } from './synced-list';

export const SAVED_REPLY_LIST: SyncedList = {
  table: 'saved_replies',
  keyColumn: 'saved_reply_id',
  schema: SavedReplySchema,
  orderBy: 'lower(t.title), t.saved_reply_id',
  patientData: false,
};

type Fields = { title: string; text: string };

async function event(tx: Sql, id: number, action: 'create' | 'edit' | 'delete', fields: Fields | null, actor: Actor): Promise<void> {
  await tx.query(
    `INSERT INTO saved_reply_events (saved_reply_id, action, title, text, actor_uid, actor_name, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, action, fields?.title ?? null, fields?.text ?? null, actor.uid, actor.name ?? null, actor.idempotencyKey],
  );
}

/** A new saved reply under `id`; undefined when the key is taken (by a twin committed meanwhile). */
export async function insertSavedReply(tx: Sql, id: number, fields: Fields, actor: Actor): Promise<SavedReply | undefined> {
  const { title, text } = normalizeSavedReply(fields);
  const [record] = await tx.query<SavedReply>(
    `INSERT INTO saved_replies AS t (saved_reply_id, title, text, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $4) ON CONFLICT (saved_reply_id) DO NOTHING
     RETURNING ${selectFields(SAVED_REPLY_LIST)}`,
    [id, title, text, actor.uid],
  );
  if (record) await event(tx, id, 'create', { title, text }, actor);
  return record;
}

/** The locked reply's new title and text. */
export async function updateSavedReply(tx: Sql, id: number, fields: Fields, actor: Actor): Promise<SavedReply> {
  const { title, text } = normalizeSavedReply(fields);
  const [record] = await tx.query<SavedReply>(
    `UPDATE saved_replies t SET title = $2, text = $3, updated_by = $4, updated_at = now()
     WHERE t.saved_reply_id = $1 RETURNING ${selectFields(SAVED_REPLY_LIST)}`,
    [id, title, text, actor.uid],
  );
  await event(tx, id, 'edit', { title, text }, actor);
  return record!;
}

/** Deletes the locked reply (its tombstone tells the devices). */
export async function deleteSavedReply(tx: Sql, id: number, actor: Actor): Promise<void> {
  await tx.query('DELETE FROM saved_replies WHERE saved_reply_id = $1', [id]);
  await event(tx, id, 'delete', null, actor);
}
