// In emulator mode the browser talks to one origin only: the few Auth emulator REST calls the
// app makes are proxied here, so the client calls connectAuthEmulator(auth, location.origin).
//
// Only those calls (IDENTITY_REST_PATHS), nothing else of the emulator: its own HTML pages
// (/emulator/auth/handler, /emulator/action) write account fields unescaped and one redirects
// anywhere, and its admin API (/emulator/v1, or any call with `Authorization: Bearer owner`)
// lists reset codes and sets custom claims. The proxy also drops Authorization and cookies, so
// a tablet on the LAN cannot make itself an admin. Tools reach the emulator on its own port.
import replyFrom from '@fastify/reply-from';
import fp from 'fastify-plugin';
import { IDENTITY_REST_PATHS } from '../../../shared/server-paths';
import { emulatorOrigin } from '../../identity/firebase-admin';

/** find-my-way reads `:` as the start of a parameter; `::` is a literal colon. */
function literalRoute(path: string): string {
  return path.replaceAll(':', '::');
}

export const identityProxyPlugin = fp(
  async (app) => {
    const identity = app.config.identity;
    if (identity.mode !== 'emulator' || !identity.host) return;
    const base = emulatorOrigin(identity.host);
    await app.register(async (scope) => {
      // Its lines carry the URL with its query: our own request line is enough.
      await scope.register(replyFrom, { base, disableRequestLogging: true });
      // A bucket of its own: a tablet replaying its outbox must not starve its own token refresh
      // (or a colleague's sign-in) by using up the API's allowance.
      scope.addHook('onRequest', scope.rateLimit({ keyGenerator: (request) => `identity:${request.ip}` }));
      // Bodies pass through untouched (JSON for identitytoolkit, a form for securetoken), read
      // whole first: every one of these calls has a body, and the emulator answers a missing one
      // with a 500 (it reads a field of `undefined`), so an empty request is refused here.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      for (const path of IDENTITY_REST_PATHS) {
        scope.post(literalRoute(path), (request, reply) => {
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) {
            return reply.code(400).send({ error: { code: 400, message: 'MISSING_REQUEST_BODY' } });
          }
          return reply.from(request.url, {
            // The bytes as they came, under their own content type (reply-from would re-encode).
            body,
            contentType: request.headers['content-type'] ?? 'application/octet-stream',
            rewriteRequestHeaders: (_request, headers) => {
              const { authorization: _authorization, cookie: _cookie, ...rest } = headers;
              return rest;
            },
          });
        });
      }
    });
  },
  { name: 'identity-proxy', dependencies: ['rate-limit'] },
);
