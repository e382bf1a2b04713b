// The one error shape of the API (ErrorBody): `{ error: { code, message }, record? }`.
// Client errors say what was wrong; a 5xx says nothing beyond "internal error" and is logged.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../shared/entities';
import { isDatabaseUnavailable } from './db/unavailable';
import { serializeError } from './logging';

/** Throw from a route or a hook to answer with this status and body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** On a 409 for a forbidden transition: the record as it now is. */
    readonly record?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

export function errorBody(code: string, message: string, record?: unknown): ErrorBody {
  const body: ErrorBody = { error: { code, message } };
  if (record !== undefined) body.record = record;
  return body;
}

/** Fastify's own client errors have FST_* codes: ours are lower_snake words. */
function clientCode(error: FastifyError & { code?: unknown }, status: number): string {
  if (typeof error.code === 'string' && /^[a-z][a-z0-9_]*$/.test(error.code)) return error.code;
  return CODE_BY_STATUS[status] ?? 'bad_request';
}

interface FieldSchema {
  enum?: unknown[];
  description?: string;
}
interface PartSchema {
  required?: string[];
  properties?: Record<string, FieldSchema>;
}

/**
 * The first schema error of a request as one sentence naming the field, from the route's schema
 * (src/shared): "status must be one of active, completed, flagged.", "id must be a positive whole
 * number.". A wrong or missing body as a whole is reported as its first required field.
 */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const [first] = error.validation ?? [];
  const part = error.validationContext ?? 'body';
  const schemas = request.routeOptions.schema as Record<string, PartSchema | undefined> | undefined;
  const schema = schemas?.[part];
  if (!first || !schema) return error.message;
  const missing = (first.params as { missingProperty?: unknown }).missingProperty;
  const field =
    typeof missing === 'string'
      ? missing
      : first.instancePath
        ? first.instancePath.slice(1).split('/')[0]
        : schema.required?.[0];
  const rule = field === undefined ? undefined : schema.properties?.[field];
  if (field === undefined || !rule) return error.message;
  if (rule.enum) return `${field} must be one of ${rule.enum.join(', ')}.`;
  if (rule.description) return `${field} must be ${rule.description}.`;
  return `${field} ${first.message ?? 'is not valid'}.`;
}

function clientMessage(error: FastifyError, status: number, request: FastifyRequest): string {
  if (error.validation) return validationMessage(error, request);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'The request body is not valid JSON';
  }
  if (status === 413) return 'The request body is too large';
  return error.message || 'Bad request';
}

/** Seconds a caller is asked to wait while the database is out of reach (it usually is back within them). */
export const DATABASE_RETRY_AFTER_S = 2;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { record?: unknown }, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the same request succeeds once the database is back
      // (the pool connects again by itself), and nothing it asked was half done.
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(errorBody('database_unavailable', 'The database cannot be reached just now. Try again in a moment.'));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : error.validation
          ? 400
          : 500;
    if (status >= 500) {
      request.log.error({ err: serializeError(error) }, 'request failed');
      return reply.code(status).send(errorBody('internal', 'Internal server error'));
    }
    return reply
      .code(status)
      .send(errorBody(clientCode(error, status), clientMessage(error, status, request), error.record));
  });
}

/** The answer for an API path (or anything not the app) that no route matches. */
export function notFoundBody(method: string, url: string): ErrorBody {
  const pathOnly = url.split('?')[0] ?? url;
  return errorBody('not_found', `No route for ${method} ${pathOnly}`);
}
