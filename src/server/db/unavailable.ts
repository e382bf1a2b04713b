// Whether an error means the database is out of reach (restarting, stopped, the network to it
// cut) rather than a fault of the request or the code: the API answers those 503 with a
// Retry-After, and the caller's retry succeeds once the pool has connected again.

/** Socket errors node-postgres passes on as they are, when connecting or on an open connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping),
 * too_many_connections; class 08 is every connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words for a connection that ended or never came (they carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Connecting to a name with several addresses fails with each of them.
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isDatabaseUnavailable);
}
