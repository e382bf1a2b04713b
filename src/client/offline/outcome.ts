// What an answer to a queued change means for the queue.
import { HttpError, NetworkError } from './http';
import { problemEnglish, type Problem } from './problem';

/** Words for people: the server's own (no `problem`), or the core's, whose code the screen says in its language. */
interface Words {
  message: string;
  problem?: Problem;
}

export type Outcome =
  /** Done: the server applied the change (or it already was so). */
  | { kind: 'sent'; response: unknown }
  /** The server refused it for good; the server's record, when it sent one, is the truth. */
  | ({ kind: 'rejected'; state: 'conflict' | 'failed'; status: number; record: unknown } & Words)
  /** Try again later. `queueWide`: the whole queue should wait (no network, overloaded). */
  | ({ kind: 'retry'; status: number | null; retryAfterMs: number | null; queueWide: boolean } & Words)
  /** The token was refused: nothing will go through until someone signs in. */
  | ({ kind: 'auth'; status: number } & Words);

function said(problem: Problem): Words {
  return { message: problemEnglish(problem), problem };
}

function rejectedWords(status: number, serverMessage: string | undefined): Words {
  if (serverMessage) return { message: serverMessage };
  switch (status) {
    case 404:
      return said({ code: 'recordGone' });
    case 409:
      return said({ code: 'recordChanged' });
    case 413:
      return said({ code: 'tooLarge' });
    case 422:
      return said({ code: 'refused' });
    default:
      return said({ code: 'refusedStatus', status });
  }
}

export function classifyError(error: unknown): Outcome {
  if (error instanceof NetworkError) {
    return { kind: 'retry', status: null, retryAfterMs: null, queueWide: true, ...said({ code: 'noAnswer' }) };
  }
  if (!(error instanceof HttpError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'retry', status: null, retryAfterMs: null, message, queueWide: false };
  }
  const { status } = error;
  const serverMessage = error.body?.error.message;
  if (status === 401 || status === 403) {
    return { kind: 'auth', status, ...said({ code: status === 401 ? 'sessionExpired' : 'notAllowed' }) };
  }
  if (status === 409 && error.code === 'in_progress') {
    return { kind: 'retry', status, retryAfterMs: error.retryAfterMs, queueWide: false, ...said({ code: 'inProgress' }) };
  }
  if (status === 408 || status === 429 || status >= 500) {
    const queueWide = status === 429 || status === 502 || status === 503 || status === 504;
    const words = said(status === 429 ? { code: 'busy' } : { code: 'serverProblem', status });
    return { kind: 'retry', status, retryAfterMs: error.retryAfterMs, queueWide, ...words };
  }
  return {
    kind: 'rejected',
    state: status === 409 ? 'conflict' : 'failed',
    status,
    ...rejectedWords(status, serverMessage),
    record: error.body?.record ?? null,
  };
}
