// `app.presence` (issue 19 §2): who has which record open, in memory only. An entry is one tab of
// one device; it lives while that device has a change stream open on the instance that took it
// (the device's last stream closing ends all of its entries) and at most `presenceTtlMs` after
// the device last said it (the safety net for a device gone without its connection closing: the
// client says it again every third of that while a record stays open; an unchanged state is
// told to no one).
//
// Across instances on PostgreSQL, each change travels by NOTIFY on its own channel (as the change
// feed's do) and every instance holds every entry; an entry belongs to the instance that took it.
// Each instance says it is alive every few seconds: the entries of one unheard for
// INSTANCE_SILENCE_MS (a dead instance) are dropped, and its devices say their state again on the
// instance their stream reconnects to. A starting instance (or one whose listening connection
// dropped) asks the others for their entries.
//
// The same person on two devices is two presences: each device shows the other (a record open
// on the counter tablet shows on the pharmacist's desktop even when both are Priya's); only a
// device's own tabs are left out of what it shows (src/client/features/presence).
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { presenceKey, type PresenceEntry, type PresenceEvent, type PresenceState } from '../../../shared/presence';

const PRESENCE_CHANNEL = 'presence';
/** How often an instance says it is alive, and how long unheard before its entries go. */
const INSTANCE_ALIVE_MS = 3000;
const INSTANCE_SILENCE_MS = 10_000;
const SWEEP_MS = 1000;

/** What instances tell each other (JSON, well under NOTIFY's 8000 bytes). */
type Relay = { from: string } & (
  | { op: 'set'; entry: PresenceEntry }
  | { op: 'gone'; device: string; tab: string }
  | { op: 'device'; device: string }
  | { op: 'alive' }
  | { op: 'hello' }
);

interface Held {
  entry: PresenceEntry;
  /** The instance that took it. */
  instance: string;
  expiresAt: number;
}

export interface PresenceHub {
  /**
   * A change stream of `device` opened here: `listener` hears every presence change until the
   * returned close, which ends the device's presence when it was its last stream here.
   */
  openStream(device: string | null, listener: (event: PresenceEvent) => void): () => void;
  /** Whether `device` has a change stream open on this instance. */
  hasStream(device: string): boolean;
  /** A tab's new state (nothing open: its entry goes). */
  say(device: string, person: { uid: string; name: string }, state: PresenceState): void;
  /** Every entry, as a stream's first presence event tells them. */
  entries(): PresenceEntry[];
}

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceHub;
  }
}

const sameEntry = (a: PresenceEntry, b: PresenceEntry) =>
  a.uid === b.uid && a.name === b.name && a.list === b.list && a.id === b.id && a.typing === b.typing;

export const presencePlugin = fp(
  async (app) => {
    const self = randomUUID();
    const held = new Map<string, Held>();
    const listeners = new Set<(event: PresenceEvent) => void>();
    const streams = new Map<string, number>();
    /** When each other instance was last heard. */
    const heardFrom = new Map<string, number>();
    // One process on its database (the embedded one) has no other instance to tell.
    const relaying = !app.db.hearsEveryWrite;

    const emit = (event: PresenceEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          app.log.warn({ err: error }, 'presence listener failed');
        }
      }
    };
    const relay = (message: Relay) => {
      if (!relaying) return;
      app.db.query('SELECT pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(message)]).catch((error: unknown) => {
        app.log.warn({ err: error }, 'presence could not reach the other instances');
      });
    };
    const put = (entry: PresenceEntry, instance: string) => {
      const key = presenceKey(entry);
      const before = held.get(key);
      held.set(key, { entry, instance, expiresAt: Date.now() + app.config.presenceTtlMs });
      if (!before || !sameEntry(before.entry, entry)) emit({ set: entry });
    };
    const drop = (key: string) => {
      const before = held.get(key);
      if (!before) return;
      held.delete(key);
      emit({ gone: { device: before.entry.device, tab: before.entry.tab } });
    };
    const dropDevice = (device: string, instance: string) => {
      for (const [key, { entry, instance: owner }] of held) if (entry.device === device && owner === instance) drop(key);
    };

    const onRelay = (payload: string) => {
      let message: Relay;
      try {
        message = JSON.parse(payload) as Relay;
      } catch {
        return;
      }
      if (typeof message?.from !== 'string' || message.from === self) return;
      heardFrom.set(message.from, Date.now());
      if (message.op === 'set') put(message.entry, message.from);
      else if (message.op === 'gone') drop(presenceKey(message));
      else if (message.op === 'device') dropDevice(message.device, message.from);
      else if (message.op === 'hello') {
        for (const { entry, instance } of held.values()) if (instance === self) relay({ from: self, op: 'set', entry });
      }
    };

    const sweep = () => {
      const now = Date.now();
      for (const [key, { instance, expiresAt }] of held) {
        const silent = instance !== self && now - (heardFrom.get(instance) ?? 0) > INSTANCE_SILENCE_MS;
        if (expiresAt <= now || silent) drop(key);
      }
    };

    app.decorate('presence', {
      openStream(device: string | null, listener: (event: PresenceEvent) => void) {
        listeners.add(listener);
        if (device) streams.set(device, (streams.get(device) ?? 0) + 1);
        let closed = false;
        return () => {
          if (closed) return;
          closed = true;
          listeners.delete(listener);
          if (!device) return;
          const left = (streams.get(device) ?? 1) - 1;
          if (left > 0) {
            streams.set(device, left);
            return;
          }
          streams.delete(device);
          dropDevice(device, self);
          relay({ from: self, op: 'device', device });
        };
      },
      hasStream: (device: string) => streams.has(device),
      say(device: string, person: { uid: string; name: string }, state: PresenceState) {
        if (state.list === null || state.id === null) {
          drop(presenceKey({ device, tab: state.tab }));
          relay({ from: self, op: 'gone', device, tab: state.tab });
          return;
        }
        const entry: PresenceEntry = { device, tab: state.tab, ...person, list: state.list, id: state.id, typing: state.typing };
        put(entry, self);
        relay({ from: self, op: 'set', entry });
      },
      entries: () => [...held.values()].map(({ entry }) => entry),
    } satisfies PresenceHub);

    const timers: NodeJS.Timeout[] = [];
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      timers.push(setInterval(sweep, SWEEP_MS));
      if (!relaying) return;
      stop = await app.db.listen(PRESENCE_CHANNEL, onRelay, () => relay({ from: self, op: 'hello' }));
      relay({ from: self, op: 'hello' });
      timers.push(setInterval(() => relay({ from: self, op: 'alive' }), INSTANCE_ALIVE_MS));
    });
    app.addHook('onClose', async () => {
      timers.forEach((timer) => clearInterval(timer));
      await stop?.();
      stop = null;
    });
  },
  { name: 'presence', dependencies: ['db'] },
);
