// In emulator mode the browser talks to one origin only: the Auth emulator's REST paths are
// proxied here, so the client calls connectAuthEmulator(auth, location.origin).
//
// The emulator trusts any caller presenting `Authorization: Bearer owner` (or a service-account
// token) with admin powers, such as setting custom claims, and its /emulator/v1 API lists
// password-reset codes and wipes accounts. The browser needs none of that: the proxy drops
// the Authorization header and refuses /emulator/v1, so a tablet on the LAN cannot make itself
// an admin. Tools reach the emulator directly on its own port.
import httpProxy from '@fastify/http-proxy';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';
import { emulatorOrigin } from '../../identity/firebase-admin';

export const IDENTITY_PROXY_PREFIXES = [
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/emulator',
];

export const identityProxyPlugin = fp(
  async (app) => {
    const identity = app.config.identity;
    if (identity.mode !== 'emulator' || !identity.host) return;
    const upstream = emulatorOrigin(identity.host);
    await app.register(async (scope) => {
      // A bucket of its own: a tablet replaying its outbox must not starve its own token refresh
      // (or a colleague's sign-in) by using up the API's allowance.
      scope.addHook('onRequest', scope.rateLimit({ keyGenerator: (request) => `identity:${request.ip}` }));
      scope.addHook('onRequest', async (request) => {
        if (/^\/emulator\/v1(\/|$)/.test(request.url)) {
          throw new HttpError(403, 'forbidden', 'The emulator admin API is not served here');
        }
      });
      // The proxy passes bodies through untouched, with its own parsers.
      scope.removeAllContentTypeParsers();
      for (const prefix of IDENTITY_PROXY_PREFIXES) {
        await scope.register(httpProxy, {
          upstream,
          prefix,
          rewritePrefix: prefix,
          // Its lines carry the URL with its query: our request line is enough.
          disableRequestLogging: true,
          replyOptions: {
            rewriteRequestHeaders: (_request, headers) => {
              const { authorization: _dropped, ...rest } = headers;
              return rest;
            },
          },
          // The emulator's own pages (/emulator/auth/handler) use inline scripts.
          config: prefix === '/emulator' ? { helmet: { skipRoute: true } } : {},
        });
      }
    });
  },
  { name: 'identity-proxy', dependencies: ['rate-limit'] },
);
