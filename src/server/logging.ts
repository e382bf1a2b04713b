// Structured logs that never carry a secret or a patient's data: a request is logged as its
// method, route pattern, status, client address, duration and request id (never URL, headers or
// body), with the staff account's uid when staff asked, and errors keep only their type, code,
// message and stack.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/** Belt and braces: should anything log a request, a header or a body, these are cut out. */
const REDACT = [
  'req',
  'request',
  'res.headers',
  'headers',
  'body',
  'payload',
  'authorization',
  'token',
  'idToken',
  '*.headers',
  '*.body',
  '*.payload',
  '*.authorization',
  '*.token',
  '*.idToken',
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  stack?: unknown;
  statusCode?: unknown;
}

/** Driver errors carry the offending values in `detail` / `where`: only these fields survive. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as ErrorLike;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    code: e.code,
    statusCode: e.statusCode,
    message: e.message,
    stack: e.stack,
  };
}

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
    },
    stream,
  );
}

/**
 * One line per answered request; the route pattern (not the URL) keeps ids and queries out. A
 * staff member's call names their account (issue 18); a patient's uid is theirs, and stays out.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(not found)',
      status: reply.statusCode,
      ip: request.ip,
      durationMs: Math.round(reply.elapsedTime),
      ...(request.user?.role === 'admin' ? { uid: request.user.uid } : {}),
    };
    if (error) reply.log.error({ ...line, err: serializeError(error) }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
