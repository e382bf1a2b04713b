// A record's History (issue 19, section 5) as the server answers it, and the last one read per
// record kept on the device (the meta table, beside the drafts), so the History still shows
// offline. Device data like the rest: a logout's wipe deletes it with the database.
import type { AccessLogEntry } from '../../../shared/access-log';
import { historyPath, type HistoryCollection, type HistoryResponse } from '../../../shared/record-history';
import { db } from '../../offline/db';
import { apiRequest } from '../../offline/http';
import { getToken } from '../../offline/session';

export interface KeptHistory {
  entries: AccessLogEntry[];
  /** When the server answered it (device time). */
  readAt: number;
}

const keyOf = (list: HistoryCollection, id: number) => `history:${list}:${id}`;

export async function readKeptHistory(list: HistoryCollection, id: number): Promise<KeptHistory | null> {
  const row = await db.meta.get(keyOf(list, id)).catch(() => undefined);
  const value = row?.value as KeptHistory | undefined;
  return value && Array.isArray(value.entries) ? value : null;
}

/** The record's History from the server, kept on the device as the last one read. */
export async function fetchHistory(list: HistoryCollection, id: number): Promise<KeptHistory> {
  const session = await getToken(false);
  if (!session) throw new Error('not signed in');
  const answer = await apiRequest<HistoryResponse>(historyPath(list, id), { token: session.token, timeoutMs: 20_000 });
  const kept: KeptHistory = { entries: answer.entries, readAt: Date.now() };
  await db.meta.put({ key: keyOf(list, id), value: kept }).catch(() => undefined);
  return kept;
}
