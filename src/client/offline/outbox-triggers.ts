// What sets the outbox going in a page: start, `online`, focus, sign-in, the backoff timer, a
// message from the service worker or another tab, and a change just queued.
import { requestBackgroundSync } from './background-sync';
import { isBrowserOffline, reportAnswer } from './connectivity';
import { letGoOfDeviceData } from './let-go';
import { kickOutbox, onOutboxIdle, type DrainSummary } from './outbox';
import { onOutboxMessage } from './outbox-channel';
import { outboxStatus } from './outbox-status';
import { authGate, onResume, resumeAfterSignIn } from './session';
import { admittedPerson } from './session-state';

let wakeTimer: ReturnType<typeof setTimeout> | null = null;

function clearWake(): void {
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = null;
}

/**
 * Wakes the outbox when the next entry is due or the queue-wide pause ends, from the summary of
 * the pass that just ended (no second look at the queue).
 */
function scheduleWake(summary: DrainSummary | null): void {
  clearWake();
  if (!admittedPerson() || authGate.get() !== 'open' || isBrowserOffline()) return;
  const pausedUntil = outboxStatus.get().pausedUntil;
  const candidates = [summary?.nextDueAt ?? null, pausedUntil].filter((t): t is number => t !== null);
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
  const cleanups = [
    onResume(kick),
    onOutboxIdle(scheduleWake),
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
    cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', kick);
      document.removeEventListener('visibilitychange', onVisible);
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
