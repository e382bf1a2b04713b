// Live updates (issue 8): reads the server's change stream (GET /admin/changes, server-sent
// events over fetch so the ID token travels in a header) and runs the delta sync of each list
// that moved. One tab per browser streams (a Web Lock; the others wait to take over): what its
// syncs write reaches the other tabs' lists through view-store's change notices. After any gap the first event carries every
// list's cursor, so what was missed is caught up by cursor; while the stream is down the sync
// engine's periodic sync still runs.
import { createParser } from 'eventsource-parser';
import { backoffDelay } from '../../shared/backoff';
import { CHANGE_STREAM_PATH, type ChangeEvent, type CursorsEvent, type EndEvent } from '../../shared/change-stream';
import { DEVICE_ID_HEADER } from '../../shared/constants';
import type { PresenceEvent } from '../../shared/presence';
import { COLLECTION_NAMES, type CollectionName } from '../../shared/collections';
import { isBrowserOffline } from './connectivity';
import { deviceId } from './device-id';
import { apiUrl } from './http';
import { observable } from './observable';
import { receivePresence } from './presence';
import { authGate, getToken, onResume, refusalStands } from './session';
import { readCursor, syncCollection } from './sync-engine';
import { withLock } from './web-lock';

const CHANGE_STREAM_LOCK = 'pharmacy-change-stream';

/** 'off': not started; 'standby': another tab streams; 'live': events flow; 'waiting': retrying. */
export type ChangeStreamState = 'off' | 'standby' | 'connecting' | 'live' | 'waiting';

export const changeStreamState = observable<ChangeStreamState>('off');

export interface ChangeStreamOptions {
  /** No byte (not even a heartbeat) for this long: the connection is dead (default 45 s). */
  stallMs?: number;
  /** Longest pause between two attempts (default 30 s); the first is at most 1 s. */
  maxRetryMs?: number;
}

/** `retryMs`: the stream's `retry:` hint (a stopping server's: reconnect that soon, to another instance). */
type Outcome = { kind: 'ended'; status: number; retryMs: number | null } | { kind: 'refused'; status: number } | { kind: 'failed' };

const isCollection = (name: unknown): name is CollectionName =>
  typeof name === 'string' && (COLLECTION_NAMES as string[]).includes(name);

/** Syncs `list` when the server's cursor is past the device's. */
async function catchUp(list: CollectionName, serverCursor: string): Promise<void> {
  const local = Number(await readCursor(list));
  const remote = Number(serverCursor);
  if (Number.isFinite(remote) && remote > local) await syncCollection(list);
}

/**
 * Splits a text stream into server-sent events (eventsource-parser: fields, line endings and
 * chunk boundaries as the HTML standard reads them; comments and heartbeats produce nothing).
 */
export function createEventParser(
  onEvent: (event: string, data: string) => void,
  onRetry?: (ms: number) => void,
): (chunk: string) => void {
  const parser = createParser({ onEvent: ({ event, data }) => onEvent(event ?? 'message', data), onRetry });
  return (chunk) => parser.feed(chunk);
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One connection, read until it ends; resolves how it ended. */
async function readOnce(signal: AbortSignal, forceRefresh: boolean, stallMs: number, onLive: () => void): Promise<Outcome> {
  let session;
  try {
    session = await getToken(forceRefresh);
  } catch {
    return { kind: 'failed' };
  }
  if (!session) return { kind: 'refused', status: 401 };
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop);
  // Gone offline: the connection is let go at once, so the server ends this device's presence
  // (issue 19 §2) rather than holding it until the socket times out.
  if (typeof window !== 'undefined') window.addEventListener('offline', stop);
  // The device's id ties its presence to this stream.
  const device = await deviceId();
  let stall: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(stop, stallMs);
  };
  try {
    watch();
    const response = await fetch(apiUrl(CHANGE_STREAM_PATH), {
      headers: { Authorization: `Bearer ${session.token}`, Accept: 'text/event-stream', ...(device ? { [DEVICE_ID_HEADER]: device } : {}) },
      signal: connection.signal,
      cache: 'no-store',
      // A stream that never ends is not what the page waits for: its scripts and the sync come first.
      priority: 'low',
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'refused', status: response.status };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'failed' };
    }
    let ended: Outcome | null = null;
    let retryMs: number | null = null;
    const parse = createEventParser((event, data) => {
      const body = parseJson(data);
      if (!body) return;
      if (event === 'cursors') {
        onLive();
        const lists = (body as unknown as CursorsEvent).lists ?? {};
        for (const [name, cursor] of Object.entries(lists)) {
          if (isCollection(name) && typeof cursor === 'string') void catchUp(name, cursor);
        }
      } else if (event === 'change') {
        const change = body as unknown as ChangeEvent;
        if (isCollection(change.list) && typeof change.cursor === 'string') void catchUp(change.list, change.cursor);
      } else if (event === 'presence') {
        receivePresence(body as unknown as PresenceEvent);
      } else if (event === 'end') {
        ended = { kind: 'ended', status: Number((body as unknown as EndEvent).status) || 503, retryMs };
      }
    }, (ms) => (retryMs = ms));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      watch();
      parse(value);
      if (ended) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    return ended ?? { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(stall);
    signal.removeEventListener('abort', stop);
    if (typeof window !== 'undefined') window.removeEventListener('offline', stop);
  }
}

/** Starts streaming (or waiting to stream, behind another tab); returns a stop. */
export function startChangeStream(options: ChangeStreamOptions = {}): () => void {
  const stallMs = options.stallMs ?? 45_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const stopped = new AbortController();
  let wake: (() => void) | null = null;
  const nudge = () => wake?.();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
      if (stopped.signal.aborted) done();
    });

  const run = async () => {
    let failures = 0;
    let forceRefresh = false;
    while (!stopped.signal.aborted) {
      if (authGate.get() !== 'open' || isBrowserOffline()) {
        changeStreamState.set('waiting');
        await pause(maxRetryMs);
        continue;
      }
      changeStreamState.set('connecting');
      const outcome = await readOnce(stopped.signal, forceRefresh, stallMs, () => {
        failures = 0;
        forceRefresh = false;
        changeStreamState.set('live');
      });
      if (stopped.signal.aborted) break;
      // A refusal is asked again once with a fresh token (an expired one, a role just granted);
      // refused again, or refused a role, it is the session's business, as for the sync: the
      // server is asked who this is (a role taken away ends the session, and wipes, at once).
      const refusedStatus = outcome.kind === 'refused' || outcome.kind === 'ended' ? outcome.status : 0;
      if (refusalStands(refusedStatus, forceRefresh)) authGate.set('refused');
      forceRefresh = refusedStatus === 401 || refusedStatus === 403;
      failures += 1;
      changeStreamState.set('waiting');
      await pause(backoffDelay({ baseMs: 1000, capMs: maxRetryMs }, failures, outcome.kind === 'ended' ? outcome.retryMs : null));
    }
  };

  const cleanups: (() => void)[] = [onResume(nudge)];
  if (typeof window !== 'undefined') {
    window.addEventListener('online', nudge);
    cleanups.push(() => window.removeEventListener('online', nudge));
  }
  changeStreamState.set('standby');
  withLock(CHANGE_STREAM_LOCK, run, stopped.signal)
    .catch(() => undefined)
    .finally(() => {
      if (stopped.signal.aborted) changeStreamState.set('off');
    });
  return () => {
    stopped.abort();
    nudge();
    cleanups.forEach((cleanup) => cleanup());
  };
}
