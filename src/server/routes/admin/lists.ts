// Every list the app caches (src/shared/collections.ts): the whole list as a bare array (spec),
// or a delta page after a `?since=` cursor (DESIGN.md section 3).
import type { FastifyPluginAsync } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../shared/collections';
import { SYNC_PAGE_LIMIT } from '../../../shared/constants';
import { SyncQuerySchema, type SyncQuery } from '../../../shared/sync-api';
import { SYNCED_LISTS } from '../../repositories/list-registry';
import { listChanges, listRecords } from '../../repositories/synced-list';
import { adminPath } from './prescriptions/params';

/** TypeBox schemas are plain JSON Schema objects, which is what Fastify's serializer takes. */
const jsonSchema = (schema: TSchema) => schema as unknown as Record<string, unknown>;

export const listRoutes: FastifyPluginAsync = async (app) => {
  for (const name of COLLECTION_NAMES) {
    const list = SYNCED_LISTS[name];
    const listSchema = jsonSchema(Type.Array(list.schema));
    const deltaSchema = jsonSchema(
      Type.Object({
        items: Type.Array(list.schema),
        deleted: Type.Array(Type.Integer()),
        cursor: Type.String(),
        more: Type.Boolean(),
      }),
    );
    app.get(
      adminPath(COLLECTIONS[name].path),
      { schema: { querystring: jsonSchema(SyncQuerySchema) } },
      async (request, reply) => {
        const { since, limit } = request.query as SyncQuery;
        // Two shapes on one route, so serialize here, each with its schema (extra columns dropped).
        const serialize = reply.compileSerializationSchema(since === undefined ? listSchema : deltaSchema) as (
          data: unknown,
        ) => string;
        const data =
          since === undefined
            ? await listRecords(app.db, list)
            : await listChanges(app.db, list, Number(since), Math.min(Number(limit ?? SYNC_PAGE_LIMIT), SYNC_PAGE_LIMIT));
        return reply.type('application/json; charset=utf-8').send(serialize(data));
      },
    );
  }
};
