// What a person sees of a record (DESIGN 4): the row as the server last sent it, with this
// device's changes laid over it in send order. Rows in the cache are never written with an
// unsent change; the view is worked out when read, so a sync never needs to read the outbox.
import { actionDef } from '../../shared/actions/registry';
import { isInFlight, type OutboxEntry } from './outbox-entry';

type Row = Record<string, unknown>;

/**
 * `entries` are one record's, in send order. An answered entry (a 2xx, or a 409 with the
 * server's record) shows the server's answer until a sync has brought it; an entry not yet
 * answered shows its action's change, when the record as it stands allows it (otherwise the
 * server will refuse it, and the record shows as it is meanwhile).
 */
export function overlay<T extends object>(base: T, entries: readonly OutboxEntry[]): T {
  let view = base as unknown as Row;
  for (const entry of entries) {
    const answered = entry.answer?.record;
    if (answered) view = answered;
    // Unsent (or re-queued after a refusal), or taken by the server without its record.
    const pendingChange = isInFlight(entry) || (entry.state === 'sent' && !answered);
    if (!pendingChange) continue;
    const machine = actionDef(entry.action)?.record;
    if (!machine || machine.check(view, entry.args).kind === 'forbidden') continue;
    view = machine.apply(view, entry.args) as Row;
  }
  return view as unknown as T;
}

/** Entries grouped by record key, each list in send order. */
export function entriesByKey(entries: readonly OutboxEntry[]): Map<number, OutboxEntry[]> {
  const byKey = new Map<number, OutboxEntry[]>();
  for (const entry of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (entry.recordKey === null) continue;
    const list = byKey.get(entry.recordKey);
    if (list) list.push(entry);
    else byKey.set(entry.recordKey, [entry]);
  }
  return byKey;
}
