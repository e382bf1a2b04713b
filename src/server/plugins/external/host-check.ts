// Emulator mode only: refuse (421) a request whose Host is not this machine, before any route.
// The server listens on loopback, but a web page a staff member opens can still reach it by DNS
// rebinding (its own name, re-pointed at 127.0.0.1): the browser then sends the page's name as
// Host, and the page could sign in with the demo admin's published password and read patient
// data. A loopback name or address in Host is what a browser sends only when it was asked for
// this machine. A proxy forwarding another name (Host or X-Forwarded-Host) is refused the same
// way: emulator mode must not be exposed. With a real Firebase project there is no check.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopback } from '../../config';
import { errorBody } from '../../errors';

/** The name or address of a Host header value (`localhost:8080`, `[::1]:8080`), or null. */
export function hostName(header: string): string | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** Host (and X-Forwarded-Host, when a proxy sent one) name this machine. */
export function isLoopbackRequest(headers: FastifyRequest['headers']): boolean {
  const host = headers.host;
  if (typeof host !== 'string') return false;
  const names = [host, headers['x-forwarded-host']].filter((value) => value !== undefined);
  return names.every((value) => {
    if (typeof value !== 'string') return false;
    const name = hostName(value);
    return name !== null && isLoopback(name);
  });
}

const MISDIRECTED = errorBody(
  'misdirected_request',
  'This server runs the Firebase Auth emulator and answers only requests addressed to this machine ' +
    '(localhost, 127.0.0.1 or [::1]).',
);

export const hostCheckPlugin = fp(
  async (app) => {
    if (app.config.identity.mode !== 'emulator') return;
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (isLoopbackRequest(request.headers)) {
        done();
        return;
      }
      reply.code(421).header('cache-control', 'no-store').send(MISDIRECTED);
    });
  },
  { name: 'host-check' },
);
