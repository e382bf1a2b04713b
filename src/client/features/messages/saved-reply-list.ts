// The saved replies as this device shows them: the cached list with this device's unsent changes
// laid over it (overlay.ts), plus the replies created here that the server has not sent back
// yet, without those deleted here. The in-memory views lay changes over cached rows only; a
// create has no row until a sync brings it, so it is laid over a blank here.
import { blankSavedReply, isGone, sortSavedReplies, type SavedReply } from '../../../shared/saved-replies';
import type { OutboxEntry } from '../../offline/outbox-entry';
import { overlay } from '../../offline/overlay';

export function shownSavedReplies(
  rows: readonly SavedReply[] | undefined,
  pending: ReadonlyMap<number, readonly OutboxEntry[]>,
): SavedReply[] {
  const cached = new Set<number>();
  const shown: SavedReply[] = [];
  for (const row of rows ?? []) {
    cached.add(row.saved_reply_id);
    if (!isGone(row)) shown.push(row);
  }
  for (const [key, entries] of pending) {
    if (cached.has(key)) continue;
    const view = overlay(blankSavedReply(key), entries);
    if (!isGone(view)) shown.push(view);
  }
  return sortSavedReplies(shown);
}
