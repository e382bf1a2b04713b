// Presence on this device (issue 19 §2). What this tab has open goes to the server with one small
// POST per change of state (a record opened or left, a reply started or emptied), never per
// keystroke; while a record stays open it is said again every KEEP_ALIVE_MS, so the server's
// safety expiry (presenceTtlMs, 9 s: a device gone without closing its connection) never ends a
// presence still true. Who else is where comes on the change stream, which one tab per browser
// reads (change-stream.ts): that tab passes the presence events to the others over a
// BroadcastChannel, and a tab that opens asks it for what it knows. When the stream (re)connects,
// every tab says its state again: the server ended the device's presence with the old stream.
import { DEVICE_ID_HEADER } from '../../shared/constants';
import { PRESENCE_PATH, presenceKey, type PresenceEntry, type PresenceEvent, type PresenceList, type PresenceState } from '../../shared/presence';
import { changeStreamState } from './change-stream';
import { deviceId } from './device-id';
import { apiRequest, apiUrl } from './http';
import { observable } from './observable';
import { getToken } from './session';

/** A third of the server's expiry (presenceTtlMs, 9 s): two lost in a row still do not end it. */
const KEEP_ALIVE_MS = 3000;
const CHANNEL = 'pharmacy-presence';

/** 'live' / 'down': the streaming tab's stream came up / went (its presences with it). */
type TabMessage = { type: 'event'; event: PresenceEvent } | { type: 'ask' } | { type: 'live' } | { type: 'down' };

/** Every presence the server told of (this device's own included: the views leave them out). */
export const presenceEntries = observable<ReadonlyMap<string, PresenceEntry>>(new Map());
/** This device's id once known: its own entries are not shown to it. */
export const ownDevice = observable<string | null>(null);

const tab = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
/** Opened by startPresence (a page's): a channel left open would hold a test's process. */
let channel: BroadcastChannel | null = null;
/** Whether this tab reads the stream and has had its first presence event on it. */
let streaming = false;
/** Another tab of this browser streams, live (it passed on events or said so). */
let liveElsewhere = false;

/**
 * Whether the server holds this device's stream: said otherwise, it answers 409 no_stream (a
 * console error in the page); the state is said when the stream comes up.
 */
function streamHeld(): boolean {
  const state = changeStreamState.get();
  return state === 'live' || (state === 'standby' && liveElsewhere);
}

export function applyPresence(event: PresenceEvent): void {
  presenceEntries.set((before) => {
    if ('all' in event) return new Map(event.all.map((entry) => [presenceKey(entry), entry]));
    const next = new Map(before);
    if ('set' in event) next.set(presenceKey(event.set), event.set);
    else next.delete(presenceKey(event.gone));
    return next;
  });
}

/** From the stream this tab reads (change-stream.ts). */
export function receivePresence(event: PresenceEvent): void {
  streaming = true;
  applyPresence(event);
  channel?.postMessage({ type: 'event', event } satisfies TabMessage);
}

// What this tab has open: the newest claim (a modal over a page's detail) is the one said.
interface Claim {
  list: PresenceList;
  id: string;
  typing: boolean;
}
const claims: Claim[] = [];
let said: string | null = null;
let sending = false;
let again = false;
let keepAlive: ReturnType<typeof setTimeout> | undefined;
let lastToken: string | null = null;

function current(): PresenceState {
  const top = claims[claims.length - 1];
  return top ? { tab, list: top.list, id: top.id, typing: top.typing } : { tab, list: null, id: null, typing: false };
}

/** Says the current state when it differs from what was said (`force`: say it anyway). */
async function flush(force = false): Promise<void> {
  if (sending) {
    again ||= force || JSON.stringify(current()) !== said;
    return;
  }
  const state = current();
  const text = JSON.stringify(state);
  if (!force && text === said) return;
  if (!streamHeld()) {
    said = null;
    return;
  }
  sending = true;
  try {
    const session = await getToken();
    if (!session) return;
    lastToken = session.token;
    await apiRequest(PRESENCE_PATH, { method: 'POST', body: state, token: session.token, timeoutMs: 10_000 });
    said = text;
  } catch {
    // No stream here yet (409), offline, signed out: said again when the stream is live.
    said = null;
  } finally {
    sending = false;
  }
  clearTimeout(keepAlive);
  if (state.list !== null) keepAlive = setTimeout(() => void flush(true), KEEP_ALIVE_MS);
  if (again) {
    again = false;
    void flush();
  }
}

/** This tab has `list`/`id` open until the returned release. */
export function claimPresence(list: PresenceList, id: string): { setTyping(typing: boolean): void; release(): void } {
  const claim: Claim = { list, id, typing: false };
  claims.push(claim);
  void flush();
  return {
    setTyping(typing) {
      if (claim.typing === typing) return;
      claim.typing = typing;
      void flush();
    },
    release() {
      const at = claims.indexOf(claim);
      if (at < 0) return;
      claims.splice(at, 1);
      void flush();
    },
  };
}

/** A new stream: the server holds nothing of this device; say what is open, if anything. */
function restate(): void {
  if (claims.length === 0) {
    said = JSON.stringify(current());
    return;
  }
  said = null;
  void flush(true);
}

let started = false;
/** Wires the tab to the stream and the other tabs (once, from the app's start). */
export function startPresence(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  void deviceId().then((id) => ownDevice.set(id));
  let wasLive = false;
  changeStreamState.subscribe(() => {
    const live = changeStreamState.get() === 'live';
    if (live && !wasLive) {
      restate();
      channel?.postMessage({ type: 'live' } satisfies TabMessage);
    } else if (!live && wasLive && streaming) {
      // What this tab knew came from a stream that is gone: nothing is shown until the next one.
      streaming = false;
      applyPresence({ all: [] });
      channel?.postMessage({ type: 'down' } satisfies TabMessage);
    }
    wasLive = live;
  });
  channel?.addEventListener('message', ({ data }: MessageEvent<TabMessage>) => {
    if (data.type === 'event') {
      applyPresence(data.event);
      // First heard of (the answer to this tab's 'ask'): what it has open can be said now.
      if (!liveElsewhere) {
        liveElsewhere = true;
        if (said === null) void flush(true);
      }
    } else if (data.type === 'live') {
      liveElsewhere = true;
      restate();
    } else if (data.type === 'down') {
      liveElsewhere = false;
      applyPresence({ all: [] });
    }
    else if (data.type === 'ask' && streaming) channel?.postMessage({ type: 'event', event: { all: [...presenceEntries.get().values()] } } satisfies TabMessage);
  });
  channel?.postMessage({ type: 'ask' } satisfies TabMessage);
  // A tab closed while another streams: its presence would last till the expiry; say it is gone
  // (keepalive lets the request outlive the page).
  window.addEventListener('pagehide', () => {
    const device = ownDevice.get();
    if (claims.length === 0 || !lastToken || !device) return;
    void fetch(apiUrl(PRESENCE_PATH), {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: `Bearer ${lastToken}`, 'Content-Type': 'application/json', [DEVICE_ID_HEADER]: device },
      body: JSON.stringify({ tab, list: null, id: null, typing: false } satisfies PresenceState),
    }).catch(() => undefined);
  });
}
