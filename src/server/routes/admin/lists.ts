// Every list the app caches (src/shared/collections.ts): the whole list as a bare array (spec),
// or a delta page after a `?since=` cursor (DESIGN.md section 3). The answers come as JSON text
// from repositories/synced-list.ts, holding exactly the fields of the list's schema.
import type { FastifyPluginAsync } from 'fastify';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../shared/collections';
import { SYNC_PAGE_LIMIT } from '../../../shared/constants';
import { SyncQuerySchema, type SyncQuery } from '../../../shared/sync-api';
import { SYNCED_LISTS } from '../../repositories/list-registry';
import { listChangesJson, listJson } from '../../repositories/synced-list';
import { adminPath } from './prescriptions/params';

export const listRoutes: FastifyPluginAsync = async (app) => {
  for (const name of COLLECTION_NAMES) {
    const list = SYNCED_LISTS[name];
    app.get(
      adminPath(COLLECTIONS[name].path),
      { schema: { querystring: SyncQuerySchema } },
      async (request, reply) => {
        const { since, limit } = request.query as SyncQuery;
        const json =
          since === undefined
            ? await listJson(app.db, list)
            : await listChangesJson(app.db, list, Number(since), Math.min(Number(limit ?? SYNC_PAGE_LIMIT), SYNC_PAGE_LIMIT));
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  }
};
