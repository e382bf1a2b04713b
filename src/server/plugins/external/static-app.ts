// The built PWA from dist/, with the single-page fallback: a navigation to an app path
// (/dashboard, /users/12) gets index.html; API, identity and file paths get a JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_PATH_PREFIXES } from '../../../shared/server-paths';
import { errorBody, notFoundBody } from '../../errors';

const NO_CACHE = 'no-cache';
/** Vite puts content-hashed files under assets/: they never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isPrefixed(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isAppNavigation(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (SERVER_PATH_PREFIXES.some((prefix) => isPrefixed(pathname, prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * The build writes source maps (`sourcemap: 'hidden'`: no file names them) for whoever debugs a
 * report, not for the browser: they hold the app's whole source, comments included.
 */
export function isServedFile(pathname: string): boolean {
  return !/\.map(\.(br|gz))?$/i.test(pathname);
}

export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : NO_CACHE;
}

export const staticAppPlugin = fp(
  async (app) => {
    const root = app.config.distDir;
    const built = existsSync(path.join(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // The build writes .br and .gz copies of its text files (build/compress-assets.ts).
        preCompressed: true,
        // A source map answers as a missing file does (the JSON 404).
        allowedPath: (pathname) => isServedFile(pathname),
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
        },
      });
    } else {
      app.log.warn({ distDir: root }, 'the app is not built: serving the API only');
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isAppNavigation(request.method, request.url)) {
        return reply.code(404).send(notFoundBody(request.method, request.url));
      }
      if (!built) {
        return reply
          .code(404)
          .send(errorBody('not_found', 'The app is not built: run `npm run build`'));
      }
      reply.header('cache-control', NO_CACHE);
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-app' },
);
