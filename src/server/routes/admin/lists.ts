// Every list the app caches (src/shared/collections.ts): the whole list as a bare array (spec),
// or a delta page after a `?since=` cursor (DESIGN.md section 3). The answers come as JSON text
// from repositories/synced-list.ts, holding exactly the fields of the list's schema. A whole list
// is one `download` entry in the access log with its count, and so is a sync from the start (the
// first page after `?since=0`: the app's first sync and its daily whole read), with the count the
// whole list holds then; the pages after it, and deltas, none (the list is on the device already).
// Full pages are kept a while for the next device asking for them (sync-page-cache.ts). Answers go
// gzipped to the clients that take it, and a kept page as its gzip to the app's sync worker,
// which stores it so (gzip-answer.ts).
import type { FastifyPluginAsync } from 'fastify';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../shared/collections';
import { SYNC_PAGE_LIMIT } from '../../../shared/constants';
import { SyncQuerySchema, listAnswerSchema, type SyncQuery } from '../../../shared/sync-api';
import { SYNCED_LISTS } from '../../repositories/list-registry';
import { listChangesJson, listCount, listJson, noChangesJson, type SyncedList } from '../../repositories/synced-list';
import { recordAccess } from './access';
import { sendJson, sendPage } from './gzip-answer';
import { adminPath } from './support';
import { SyncPageCache } from './sync-page-cache';

/**
 * The rows of a list's JSON text, counted without parsing it: each row is an object whose first
 * field is `first`, written `{"first":`. Nowhere else can that appear: a quote inside a string is
 * escaped, and no nested object (an appointment's members) has a field of that name.
 */
export function countRows(json: string, first: string): number {
  const marker = `{"${first}":`;
  let count = 0;
  for (let at = json.indexOf(marker); at !== -1; at = json.indexOf(marker, at + marker.length)) count += 1;
  return count;
}

/** How long a list's count is reused for the download entries of syncs from the start. */
const COUNT_REUSE_MS = 60_000;

export const listRoutes: FastifyPluginAsync = async (app) => {
  // A count of 100,000 rows for each device starting a sync would cost more than its first page:
  // the entry says how many records the list held within the last minute.
  // Devices starting together share one count.
  const counts = new Map<SyncedList, { count: Promise<number>; at: number }>();
  const countOf = (list: SyncedList): Promise<number> => {
    const known = counts.get(list);
    if (known && Date.now() - known.at < COUNT_REUSE_MS) return known.count;
    const count = listCount(app.db, list);
    counts.set(list, { count, at: Date.now() });
    count.catch(() => counts.delete(list));
    return count;
  };
  const pages = new SyncPageCache();

  for (const name of COLLECTION_NAMES) {
    const list = SYNCED_LISTS[name];
    const first = Object.keys(list.schema.properties)[0]!;
    app.get(
      adminPath(COLLECTIONS[name].path),
      // The answer is JSON text already: its schema documents it and is never used to serialize it.
      { schema: { querystring: SyncQuerySchema, response: { 200: listAnswerSchema(list.schema) } } },
      async (request, reply) => {
        const { since, limit } = request.query as SyncQuery;
        if (since === undefined) {
          const json = await listJson(app.db, list);
          // Recorded before the list leaves: no answer without its entry.
          if (list.patientData !== false) {
            await recordAccess(app.db, request, { action: 'download', collection: name, detail: { count: countRows(json, first) } });
          }
          return sendJson(request, reply, json);
        }
        if (Number(since) === 0 && list.patientData !== false) {
          const count = await countOf(list);
          await recordAccess(app.db, request, { action: 'download', collection: name, detail: { count, sync: true } });
        }
        const after = Number(since);
        const size = Math.min(Number(limit ?? SYNC_PAGE_LIMIT), SYNC_PAGE_LIMIT);
        if (app.changeFeed.nothingAfter(name, after)) return sendJson(request, reply, noChangesJson(after));
        const page = await pages.page(
          name,
          after,
          size,
          () => listChangesJson(app.db, list, after, size),
          (cursor) => app.changeFeed.nothingAfter(name, cursor),
        );
        return sendPage(request, reply, page);
      },
    );
  }
};
