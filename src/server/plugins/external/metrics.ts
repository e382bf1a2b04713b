// `app.metrics`: this app's own prom-client registry (never the global one: the tests build
// several apps in one process), with the process figures and every answered request counted by
// method, route pattern and status, with its latency. The route pattern, never the URL: ids and
// queries stay out, as in the request log. GET /metrics (routes/metrics.ts) adds the app's
// figures and answers it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { registry: Registry };
  }
  interface FastifyContextConfig {
    /** false: the route's requests are not counted (GET /metrics itself). */
    requestMetrics?: boolean;
  }
}

/** nginx's word for a request whose client went away before the answer: there is no status. */
const CLIENT_CLOSED = '499';
const LABELS = ['method', 'route', 'status'] as const;

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status (a change stream when it ends)',
      labelNames: LABELS,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status (a change stream is not timed)',
      labelNames: LABELS,
      registers: [registry],
    });
    app.decorate('metrics', { registry });

    /** Requests being answered: when each began, and whether Fastify sent its answer. */
    const open = new WeakMap<FastifyRequest, { startedAt: number; sent: boolean }>();
    const record = (request: FastifyRequest, reply: FastifyReply) => {
      const res = reply.raw;
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? '(not found)',
        status: res.headersSent ? String(res.statusCode) : CLIENT_CLOSED,
      };
      requests.inc(labels);
      // A hijacked answer (the change stream) lasts as long as its client stays: the open-streams
      // gauge tells that, a latency would not.
      const state = open.get(request);
      if (state?.sent) latency.observe(labels, (performance.now() - state.startedAt) / 1000);
    };
    // 'close' rather than onResponse: it comes for a hijacked answer and for a client that went
    // away too, which onResponse does not see.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.requestMetrics !== false) {
        open.set(request, { startedAt: performance.now(), sent: false });
        reply.raw.once('close', () => record(request, reply));
      }
      done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      const state = open.get(request);
      if (state) state.sent = true;
      done(null, payload);
    });
    app.addHook('onClose', async () => registry.clear());
  },
  { name: 'metrics' },
);
