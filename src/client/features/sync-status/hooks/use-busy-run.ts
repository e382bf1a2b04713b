import { useState } from 'react';
import { showAlert } from '../../../components/alerts';
import { errorWords } from '../../../lib/problem-words';

/**
 * One decision about queued changes at a time: `run` marks the buttons busy while the work runs
 * and says in a toast why it failed.
 */
export function useBusyRun(): [busy: boolean, run: (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showAlert(errorWords(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
