// The one HTTP client of the app, page and service worker alike: JSON in and out, the bearer
// token, the Idempotency-Key, and errors that say whether retrying can help.
import { API_BASE, DEVICE_ID_HEADER, PACKED_PAGE_TYPE } from '../../shared/constants';
import { deviceId } from './device-id';
import { isPackedType, unpackText } from './packed';
import type { ErrorBody } from '../../shared/entities';

let origin = '';

/** Tests and the benchmark run outside a page and need an absolute origin. */
export function setApiOrigin(value: string): void {
  origin = value.replace(/\/$/, '');
}

/** The absolute URL of an API path (`/admin/changes`), for callers that fetch by themselves. */
export function apiUrl(path: string): string {
  return `${origin}${API_BASE}${path}`;
}

/** The server answered with a non-2xx status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
  get code(): string | undefined {
    return this.body?.error.code;
  }
}

/** No answer: offline, connection dropped, DNS, CORS. The request may or may not have run. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed');
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  body?: unknown;
  token?: string | null;
  idempotencyKey?: string;
  /** More headers (a queued change's Occurred-At). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Give up after this long; the request then counts as a network failure (it may have run). */
  timeoutMs?: number;
  /** A sync page: take it packed, as the server keeps it (packed.ts). */
  packed?: boolean;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The caller's signal and the timeout as one: whichever fires first aborts the request. */
function requestSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  if (!timeoutMs) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** `path` is relative to the API base, e.g. `/admin/transfers`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiAnswer<T>(path, options)).value;
}

/** A 2xx answer: its value, the JSON text it was read from, and the bytes if it came packed. */
export interface Answer<T> {
  value: T;
  text: string;
  packed?: Uint8Array;
}

/**
 * apiRequest's answer with the text it was parsed from: the sync worker hands a page's rows on
 * to the page as that text (a string crosses postMessage as one copy; the rows as objects would
 * be serialised again, a third of the worker's work per page).
 */
export async function apiAnswer<T>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: options.packed ? `${PACKED_PAGE_TYPE}, application/json` : 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const signal = requestSignal(options.signal, options.timeoutMs);
  // Every call says which device made it (the access log), once the device has an id.
  const device = await deviceId();
  if (device) headers[DEVICE_ID_HEADER] = device;
  Object.assign(headers, options.headers);
  let response: Response;
  let text: string;
  let packed: Uint8Array | undefined;
  try {
    response = await fetch(`${origin}${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      cache: 'no-store',
    });
    // A body cut off after the status line still tells what happened (a 2xx: the work is done).
    // So does one that does not unpack: it reads as an empty answer.
    const body = isPackedType(response.headers.get('Content-Type'))
      ? response.arrayBuffer().then((bytes) => unpackText((packed = new Uint8Array(bytes))))
      : response.text();
    text = await body.catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      packed = undefined;
      return '';
    });
  } catch (error) {
    // The caller gave up: its own abort. A timeout, though, is a request without an answer.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const body = json && typeof json === 'object' && 'error' in json ? (json as ErrorBody) : null;
    throw new HttpError(response.status, body, parseRetryAfter(response.headers.get('Retry-After')));
  }
  return { value: json as T, text, ...(packed ? { packed } : {}) };
}
