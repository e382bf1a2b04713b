// What happens only on this device goes into the access log (issue 18): a record opened from the
// cache, a list shown, a search, a password reset asked for (a whole list downloaded is recorded
// by the server, which serves it). Each is queued through the outbox with the person who did it
// and the moment, so one made offline reaches the log when the connection returns, exactly once.
// Entries still unsent ride together: the pending entry this page opened last, while it has not
// been tried (its key has never been used), takes more, wherever changes were queued after it (an
// access entry waits on no change: it has a lane of its own), and the outbox is asked to send them
// a few seconds later, in one request.
import { actionCall } from '../../shared/actions/registry';
import type { DeviceAccessEntry } from '../../shared/access-log';
import { isOnline } from './connectivity';
import { db } from './db';
import { enqueueAction } from './enqueue';
import { kickOutbox } from './outbox';
import { assertGeneration, currentGeneration } from './session';
import { admittedPerson } from './session-state';

/** Entries per queued request (the server takes up to 100). */
const PER_ENTRY = 100;
/** How long entries gather before the outbox is asked to send them (anything else sends them sooner). */
const GATHER_MS = 10_000;

let sendSoon: ReturnType<typeof setTimeout> | null = null;
/** The entry this page queued last (by its place in the outbox): the one that may take more. */
let openSeq: number | null = null;

export type AccessEvent = Omit<DeviceAccessEntry, 'occurred_at' | 'offline'>;

/** Records `event` as happening now, on this device, by the person admitted here. */
export async function recordAccess(event: AccessEvent): Promise<void> {
  if (!admittedPerson()) return;
  const entry: DeviceAccessEntry = { ...event, occurred_at: new Date().toISOString(), offline: !isOnline() };
  const generation = currentGeneration();
  const joined = await db.transaction('rw', db.outbox, async () => {
    assertGeneration(generation);
    const last = openSeq === null ? undefined : await db.outbox.get(openSeq);
    const body = last?.args.body as { entries?: DeviceAccessEntry[] } | undefined;
    const open =
      last?.action === 'access-record' &&
      last.state === 'pending' &&
      last.attempts === 0 &&
      last.owner?.uid === admittedPerson()?.uid &&
      Array.isArray(body?.entries) &&
      body.entries.length < PER_ENTRY;
    if (!open) return false;
    await db.outbox.update(openSeq as number, { args: { params: {}, body: { entries: [...body!.entries!, entry] } } });
    return true;
  });
  if (!joined) openSeq = (await enqueueAction(actionCall('access-record', { params: {}, body: { entries: [entry] } }))).seq ?? null;
  sendSoon ??= setTimeout(() => {
    sendSoon = null;
    kickOutbox();
  }, GATHER_MS);
}
