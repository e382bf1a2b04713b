// What sets the outbox going in a page: start, `online`, focus, sign-in, the backoff timer, a
// message from the service worker or another tab, and a change just queued.
import { requestBackgroundSync } from './background-sync';
import { isBrowserOffline, reportAnswer } from './connectivity';
import { letGoOfDeviceData } from './let-go';
import { kickOutbox, onOutboxIdle } from './outbox';
import { onOutboxMessage } from './outbox-channel';
import { keyRetentionDays } from './key-retention';
import { planLanes } from './outbox-plan';
import { outboxStatus } from './outbox-status';
import { authGate, onResume, resumeAfterSignIn, signedInPerson } from './session';

let wakeTimer: ReturnType<typeof setTimeout> | null = null;

function clearWake(): void {
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = null;
}

/** Wakes the outbox when the next entry is due or the queue-wide pause ends. */
async function scheduleWake(): Promise<void> {
  clearWake();
  const uid = signedInPerson()?.uid;
  if (!uid || authGate.get() !== 'open' || isBrowserOffline()) return;
  const { nextDueAt } = await planLanes(Date.now(), { uid, keyDays: keyRetentionDays() });
  const pausedUntil = outboxStatus.get().pausedUntil;
  const candidates = [nextDueAt, pausedUntil].filter((t): t is number => t !== null);
  if (candidates.length === 0) return;
  const at = Math.max(...candidates);
  const delay = Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1);
  wakeTimer = setTimeout(() => {
    wakeTimer = null;
    kickOutbox();
  }, delay);
}

/** Call on every ID-token change: a queue paused by a 401/403 goes on, and so does the sync. */
export function resumeOutbox(): void {
  outboxStatus.set((s) => ({ ...s, pausedUntil: null }));
  resumeAfterSignIn();
}

/** Installs the page's triggers; returns a function that removes them. */
export function startOutbox(): () => void {
  const kick = () => kickOutbox();
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  const onOnline = () => {
    reportAnswer();
    outboxStatus.set((s) => ({ ...s, pausedUntil: null }));
    kick();
  };
  const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'outbox-drained') kick();
  };
  const cleanups = [
    onResume(kick),
    onOutboxIdle(() => void scheduleWake().catch(() => undefined)),
    onOutboxMessage((message) => {
      if (message.type === 'wiped') {
        letGoOfDeviceData();
        clearWake();
      }
      // Another context (the service worker) finished: entries behind its work may be due.
      if (message.type === 'drained') kick();
    }),
  ];
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('focus', kick);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', kick);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    });
  }
  kick();
  return () => {
    clearWake();
    cleanups.forEach((cleanup) => cleanup());
  };
}

/** After an enqueue: drain here, and let the browser drain later if this tab goes away. */
export function afterEnqueue(): void {
  kickOutbox();
  void requestBackgroundSync();
}
