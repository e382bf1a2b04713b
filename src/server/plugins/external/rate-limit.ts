// Requests per window (RATE_LIMIT_WINDOW, a minute by default) and client address. Registered
// without a global hook: the API scopes and the identity proxy apply `app.rateLimit()`, so the
// app's own files are never counted.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';

export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      max: app.config.rateLimitPerMinute,
      timeWindow: app.config.rateLimitWindowMs,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many requests: retry in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
