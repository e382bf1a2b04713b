// waitForOutboxResult: lets the UI show the spec's success texts once the server has answered,
// whichever context sent the entry.
import { db } from './db';
import { onOutboxMessage, postOutboxMessage } from './outbox-channel';
import type { OutboxResult } from './outbox-entry';
import { problemEnglish } from './problem';

const RECENT_LIMIT = 500;
const NOT_SENT = { code: 'notSent' } as const;
/** Results heard lately, for a caller that asks just after the answer came. */
const recent = new Map<string, OutboxResult>();
const waiters = new Map<string, Set<(result: OutboxResult) => void>>();

function remember(entryId: string, result: OutboxResult): void {
  recent.set(entryId, result);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
  const pending = waiters.get(entryId);
  if (!pending) return;
  waiters.delete(entryId);
  pending.forEach((resolve) => resolve(result));
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  onOutboxMessage((message) => {
    if (message.type === 'result') remember(message.entryId, message.result);
  });
}

export function publishResult(entryId: string, result: OutboxResult): void {
  listen();
  postOutboxMessage({ type: 'result', entryId, result });
}

/**
 * Resolves when the server has answered the entry for good: `ok` after a 2xx, otherwise the
 * status and the server's words (a conflict, a refusal, or 0 when the entry was discarded).
 * Waits through retries and offline periods; pass a signal to stop waiting.
 */
export function waitForOutboxResult(entryId: string, options: { signal?: AbortSignal } = {}): Promise<OutboxResult> {
  listen();
  const known = recent.get(entryId);
  if (known) return Promise.resolve(known);
  return new Promise<OutboxResult>((resolve, reject) => {
    const { signal } = options;
    const settle = (result: OutboxResult) => {
      signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    const abort = () => {
      waiters.get(entryId)?.delete(settle);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    const set = waiters.get(entryId) ?? new Set();
    set.add(settle);
    waiters.set(entryId, set);
    // The answer may have come before anyone listened (another tab, before this page loaded).
    void db.outbox
      .where('id')
      .equals(entryId)
      .first()
      .then((entry) => {
        if (recent.has(entryId)) return;
        // Gone: answered and settled by a sync since (a discard publishes its own result).
        if (!entry) remember(entryId, { ok: true, record: null });
        else if (entry.state === 'sent') remember(entryId, { ok: true, record: entry.answer?.record ?? null });
        else if (entry.state === 'conflict' || entry.state === 'failed') {
          const problem = entry.lastError === null ? NOT_SENT : entry.lastProblem;
          const message = entry.lastError ?? problemEnglish(NOT_SENT);
          remember(entryId, { ok: false, status: entry.lastStatus ?? 0, message, ...(problem ? { problem } : {}) });
        }
      })
      .catch(() => undefined);
  });
}
