// GET /openapi.json (admins only): the API's OpenAPI 3.1 description (plugins/external/openapi.ts).
// It names no patient, but it maps every route that reads patient data: staff only, like /admin.
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';

export const OPENAPI_PATH = '/openapi.json';

/** What the answer is, not every field of it (the OpenAPI 3.1 specification says the rest). */
const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
    paths: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
    components: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true, description: 'This document (OpenAPI 3.1).' },
);

export const openapiRoutes: FastifyPluginAsync = async (app) => {
  // The routes are all registered by the first call: the document is made once.
  let text: string | undefined;
  app.get(
    OPENAPI_PATH,
    { onRequest: app.requireAdmin, schema: { response: { 200: OpenApiDocumentSchema } } },
    async (_request, reply) => {
      text ??= JSON.stringify(app.swagger());
      // Sent as JSON text: the response schema above documents it, it does not serialize it.
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(text);
    },
  );
};
