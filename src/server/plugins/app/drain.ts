// `app.drain`: a clean stop's first half (SIGTERM / SIGINT, cli/run-server.ts), before the app
// closes. The server stops taking connections (a proxy's next attempt is refused and goes to
// another instance), /healthz answers 503, change streams end with a reconnect hint, the mail
// worker finishes or releases the email it is sending, and requests in flight finish: all within
// SHUTDOWN_GRACE, after which the connections still open are cut.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Drain {
  /** Set from the drain's start: /healthz answers 503. */
  readonly active: boolean;
  /** Told when the drain starts, with its grace; awaited (each bounds itself by the grace). */
  onStart(fn: (graceMs: number) => Promise<void> | void): void;
  /** Drain: resolves once every connection has ended and every onStart is done, or the grace is over. */
  run(graceMs: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/** How often the drain closes the connections that have gone idle since it began. */
const IDLE_SWEEP_MS = 100;

function stopListening(app: FastifyInstance): Promise<void> {
  // Node closes the idle keep-alive connections at once; a busy one ends after its answer
  // (Connection: close below), and one that carried a change stream, ended with the hijacked
  // answer, is closed by the sweep. Not listening (an injected test app): nothing to wait for.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  return new Promise<void>((resolve) => app.server.close(() => resolve())).finally(() => clearInterval(sweep));
}

export const drainPlugin = fp(
  async (app) => {
    let active = false;
    const starts: ((graceMs: number) => Promise<void> | void)[] = [];
    app.decorate('drain', {
      get active() {
        return active;
      },
      onStart(fn) {
        starts.push(fn);
      },
      async run(graceMs) {
        if (active) return;
        active = true;
        const startedAt = Date.now();
        const closed = stopListening(app);
        const started = Promise.allSettled(starts.map(async (fn) => fn(graceMs)));
        let graceTimer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<'late'>((resolve) => (graceTimer = setTimeout(resolve, graceMs, 'late')));
        const finished = await Promise.race([Promise.all([closed, started]), graceOver]);
        clearTimeout(graceTimer);
        if (finished === 'late') {
          app.log.warn({ graceMs }, 'shutdown grace over: the connections still open are closed');
          app.server.closeAllConnections();
        }
        await started;
        app.log.info({ ms: Date.now() - startedAt }, 'drained');
      },
    } satisfies Drain);
    // A keep-alive connection is not offered another request once draining: its next request
    // opens a connection, refused here, so the proxy tries another instance.
    app.addHook('onSend', async (_request, reply) => {
      if (active) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
