// The API's OpenAPI 3.1 description, built by @fastify/swagger from the routes as they register:
// their TypeBox schemas (src/shared) are the ones that validate requests and serialize answers,
// so the document follows the code. Served to admins (routes/api/openapi.ts) and
// written by `npm run openapi`. What is not the API (the app's files, /healthz, the identity
// proxy, /metrics, the /api alias of the same routes) is left out.
import swagger from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { DEVICE_ID_PATTERN } from '../../../shared/access-log';
import { API_BASE, DEVICE_ID_HEADER, MADE_OFFLINE_HEADER, OCCURRED_AT_HEADER } from '../../../shared/constants';
import { ErrorBodySchema } from '../../../shared/entities';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../shared/prescription-api';

const ERROR_BODY_ID = 'ErrorBody';
const ADMIN_BASE = `${API_BASE}/admin/`;
const BEARER_SCHEME = 'bearer';

/** Every error answer of the API has one shape (errors.ts); why each status comes, in words. */
const ERRORS = {
  400: 'The request is not valid (a field, the JSON, the Idempotency-Key): the message names what.',
  401: 'No valid bearer token: missing, expired, revoked, or a sign-in older than the session limit.',
  403: 'Signed in, but not pharmacy staff (the admin role).',
  404: 'No such record.',
  409: 'The record does not allow this change as it stands (the record is in `record`), or a request with this Idempotency-Key is still running.',
  422: 'This Idempotency-Key was used with a different request.',
  429: 'Too many requests from this address in the window.',
  500: 'Internal server error (details are in the server log only).',
  503: 'The identity service (or the database) cannot be reached.',
} as const;
type ErrorStatus = keyof typeof ERRORS;

// Headers the document shows on admin routes (transform only: the routes do not validate them).
const ADMIN_HEADERS = {
  [DEVICE_ID_HEADER]: Type.Optional(
    Type.String({ pattern: DEVICE_ID_PATTERN.source, description: 'Which device made the call (the access log).' }),
  ),
};
const CHANGE_HEADERS = {
  ...ADMIN_HEADERS,
  'Idempotency-Key': Type.Optional(
    Type.String({
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description:
        'Sent again with a retried change, it returns the stored answer (header Idempotent-Replayed: true) and never applies the change twice.',
    }),
  ),
  [OCCURRED_AT_HEADER]: Type.Optional(
    Type.String({ description: 'On a queued change: when the person made it on the device (an ISO instant).' }),
  ),
  [MADE_OFFLINE_HEADER]: Type.Optional(
    Type.Literal('1', { description: 'On a queued change: it was made while the server could not be reached.' }),
  ),
};

/** Whether the route is part of the API the document describes (not its /api alias). */
function isDocumentedRoute(url: string): boolean {
  return url.startsWith(`${API_BASE}/`);
}

function hooksOf(route: RouteOptions): unknown[] {
  const hooks = route.onRequest;
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

export const openapiPlugin = fp(
  async (app) => {
    const errorRef = (status: ErrorStatus) => ({ $ref: `${ERROR_BODY_ID}#`, description: ERRORS[status] });
    // Only the document refers to it: no route validates or serializes with it by reference.
    app.addSchema({ ...ErrorBodySchema, $id: ERROR_BODY_ID });

    /** The route's schema as the document shows it: its token, headers and error answers added. */
    function documented(route: RouteOptions, schema: FastifySchema): FastifySchema {
      const hooks = hooksOf(route);
      const inAdminScope = route.url.startsWith(ADMIN_BASE);
      const admin = inAdminScope || hooks.includes(app.requireAdmin);
      const signedIn = admin || hooks.includes(app.authenticate);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const response = { ...(schema.response as Record<string, unknown> | undefined) };
      // A route that never succeeds (the status path's unknown kinds) finds no record to change.
      const succeeds = 200 in response;
      const onRecord = succeeds && route.url.includes('/:');
      const changes = succeeds && inAdminScope && methods.some((method) => method === 'PUT' || method === 'POST');
      const takesInput = Boolean(schema.params ?? schema.querystring ?? schema.body) || route.url.includes('/:');
      const statuses: ErrorStatus[] = [
        ...(takesInput ? [400 as const] : []),
        ...(signedIn ? [401 as const] : []),
        ...(admin ? [403 as const] : []),
        ...(onRecord ? [404 as const] : []),
        ...(changes ? [409 as const, 422 as const] : []),
        429,
        500,
        ...(signedIn ? [503 as const] : []),
      ];
      for (const status of statuses) response[status] ??= errorRef(status);
      return {
        ...schema,
        ...(signedIn ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
        ...(inAdminScope && !schema.headers ? { headers: Type.Object(changes ? CHANGE_HEADERS : ADMIN_HEADERS) } : {}),
        response,
      };
    }

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pharmacy admin API',
          version: '1',
          description:
            'The back-office API of the pharmacy app. Every call but GET /config needs a Firebase ID token as a bearer ' +
            'token; everything under /admin needs the admin role. Also answered under /api instead of /nodejsapp/api.',
        },
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A Firebase ID token of the signed-in user (Authorization: Bearer <token>).',
            },
          },
        },
      },
      refResolver: {
        // Shared schemas keep their names in the document (#/components/schemas/ErrorBody).
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
      transform: ({ schema, url, route }) => {
        if (!isDocumentedRoute(url)) return { schema: { ...schema, hide: true }, url };
        return { schema: documented(route, schema ?? {}), url };
      },
    });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
