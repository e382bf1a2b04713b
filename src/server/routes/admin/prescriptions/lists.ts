// The five prescription lists: the whole list as a bare array (spec), or a delta page after a
// `?since=` cursor (DESIGN.md section 3).
import type { FastifyPluginAsync } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../../shared/collections';
import { listChanges, listRecords, PRESCRIPTION_TABLES } from '../../../repositories/prescription-requests';
import { adminPath, fail, parseSyncQuery } from './params';

/** TypeBox schemas are plain JSON Schema objects, which is what Fastify's serializer takes. */
const jsonSchema = (schema: TSchema) => schema as unknown as Record<string, unknown>;

export const prescriptionListRoutes: FastifyPluginAsync = async (app) => {
  for (const name of COLLECTION_NAMES) {
    const { schema } = PRESCRIPTION_TABLES[name];
    const listSchema = jsonSchema(Type.Array(schema));
    const deltaSchema = jsonSchema(
      Type.Object({
        items: Type.Array(schema),
        deleted: Type.Array(Type.Integer()),
        cursor: Type.String(),
        more: Type.Boolean(),
      }),
    );
    app.get(adminPath(COLLECTIONS[name].path), async (request, reply) => {
      const sync = parseSyncQuery(request.query);
      if (!sync.ok) return fail(reply, sync);
      // Two shapes on one route, so serialize here, each with its schema (extra columns dropped).
      const serialize = reply.compileSerializationSchema(sync.value ? deltaSchema : listSchema) as (
        data: unknown,
      ) => string;
      const data = sync.value
        ? await listChanges(app.db, name, sync.value.since, sync.value.limit)
        : await listRecords(app.db, name);
      return reply.type('application/json; charset=utf-8').send(serialize(data));
    });
  }
};
