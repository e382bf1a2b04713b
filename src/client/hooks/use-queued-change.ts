// Runs a staff action through the offline outbox: the cached record changes at once, and the
// spec's success texts wait for the server's answer (DESIGN.md section 4).
import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlert } from '../components/alerts';
import { textsOf } from '../i18n/i18n';
import { errorWords, problemWordsNow } from '../lib/problem-words';
import { waitForOutboxResult } from '../offline/actions';
import type { OutboxEntry, OutboxResult } from '../offline/outbox-entry';
import { queuedChangeMessages } from './queued-change.messages';
import { useOnline } from './use-online';

export interface ChangeWords {
  /** Logged with the reason when the change is refused (spec section 8 "Thrown messages"). */
  log: string;
  /** Shown after the server's 2xx. */
  success?: string;
  /** Shown when the change is refused: fixed words, the server's own words set in them, or those alone. */
  failure?: string | ((reason: string) => string);
}

function failureText(words: ChangeWords, reason: string): string {
  if (typeof words.failure === 'function') return words.failure(reason);
  return words.failure ?? reason;
}

/** How long a change's write may take before its button shows it busy. */
const BUSY_SHOWN_AFTER_MS = 150;

/**
 * `run` queues one change and reports its fate: an info line when it waits for the connection,
 * then `success` (if any) after the server's 2xx, or `failure` (else the server's own words).
 * Resolves with the server's answer, or null when nothing could be queued.
 */
export function useQueuedChange<Busy extends string>() {
  const online = useOnline();
  // Read when the action runs, after any confirm dialog: the connection may have changed meanwhile.
  const onlineRef = useRef(online);
  useEffect(() => {
    onlineRef.current = online;
  }, [online]);
  const [busy, setBusy] = useState<Busy | null>(null);
  // A change being written: another tap meanwhile (a double tap) is not a second change.
  const writing = useRef(false);

  const run = useCallback(
    async (busyAs: Busy, enqueue: () => Promise<OutboxEntry>, words: ChangeWords): Promise<OutboxResult | null> => {
      if (writing.current) return null;
      writing.current = true;
      // A write takes a few milliseconds: the button says it is busy only if one takes long
      // enough to be seen (no spinner flashing at every tap, and no two renders for it).
      const showBusy = setTimeout(() => setBusy(busyAs), BUSY_SHOWN_AFTER_MS);
      let entry: OutboxEntry;
      try {
        entry = await enqueue();
      } catch (error) {
        console.error(words.log, error);
        showAlert(failureText(words, errorWords(error)), 'error');
        return null;
      } finally {
        writing.current = false;
        clearTimeout(showBusy);
        setBusy(null);
      }
      if (!onlineRef.current) showAlert(textsOf(queuedChangeMessages).savedOffline, 'info');
      const result = await waitForOutboxResult(entry.id);
      if (result.ok) {
        if (words.success) showAlert(words.success, 'success');
      } else {
        console.error(words.log, result.status, result.message);
        showAlert(failureText(words, problemWordsNow(result.problem, result.message)), 'error');
      }
      return result;
    },
    [],
  );

  return { busy, run };
}
