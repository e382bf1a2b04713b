// What an answer to a queued change means for the queue.
import { HttpError, NetworkError } from './http';

export type Outcome =
  /** Done: the server applied the change (or it already was so). */
  | { kind: 'sent'; response: unknown }
  /** The server refused it for good; the server's record, when it sent one, is the truth. */
  | { kind: 'rejected'; state: 'conflict' | 'failed'; status: number; message: string; record: unknown }
  /** Try again later. `queueWide`: the whole queue should wait (no network, overloaded). */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; message: string; queueWide: boolean }
  /** The token was refused: nothing will go through until someone signs in. */
  | { kind: 'auth'; status: number; message: string };

const NO_ANSWER = 'The server could not be reached. It will be sent when the connection returns.';

function rejectedMessage(status: number, serverMessage: string | undefined): string {
  if (serverMessage) return serverMessage;
  switch (status) {
    case 404:
      return 'This record no longer exists on the server.';
    case 409:
      return 'The record changed on the server.';
    case 413:
      return 'The change is too large for the server.';
    case 422:
      return 'The server refused this change.';
    default:
      return `The server refused this change (status ${status}).`;
  }
}

export function classifyError(error: unknown): Outcome {
  if (error instanceof NetworkError) {
    return { kind: 'retry', status: null, retryAfterMs: null, message: NO_ANSWER, queueWide: true };
  }
  if (!(error instanceof HttpError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'retry', status: null, retryAfterMs: null, message, queueWide: false };
  }
  const { status } = error;
  const serverMessage = error.body?.error.message;
  if (status === 401 || status === 403) {
    const message =
      status === 401
        ? 'Your session has expired. Sign in again to send your changes.'
        : 'This account may not make these changes. Sign in as an administrator to send them.';
    return { kind: 'auth', status, message };
  }
  if (status === 409 && error.code === 'in_progress') {
    return { kind: 'retry', status, retryAfterMs: error.retryAfterMs, message: 'The server is still working on this change.', queueWide: false };
  }
  if (status === 408 || status === 429 || status >= 500) {
    const queueWide = status === 429 || status === 502 || status === 503 || status === 504;
    const message =
      status === 429
        ? 'The server is busy. It will be sent shortly.'
        : `The server had a problem (status ${status}). It will be sent again shortly.`;
    return { kind: 'retry', status, retryAfterMs: error.retryAfterMs, message, queueWide };
  }
  return {
    kind: 'rejected',
    state: status === 409 ? 'conflict' : 'failed',
    status,
    message: rejectedMessage(status, serverMessage),
    record: error.body?.record ?? null,
  };
}
