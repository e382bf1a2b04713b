// Entries queued by earlier versions of the app, in today's shape (outbox-entry.ts). A tablet may
// hold changes queued before an update: they must still go out exactly once, so an old entry's
// action and arguments are recovered from the method, path and body it stored, and checked to
// give back that very path and body (the server's stored answer for its key is for those).
import { pathOf, type ActionArgs } from '../../shared/actions/define';
import { actionDef, type ActionName } from '../../shared/actions/registry';
import { OUTBOX_SCHEMA_VERSION, type EntryOwner, type OutboxEntry } from './outbox-entry';
import { problemEnglish } from './problem';

/** What versions 1 and 2 stored. */
export interface LegacyEntry extends Omit<OutboxEntry, 'schemaVersion' | 'owner' | 'action' | 'args'> {
  schemaVersion: 1 | 2;
  owner?: EntryOwner | null;
  kind: string;
  method: string;
  path: string;
  body?: unknown;
  patch?: Record<string, unknown>;
}

/** The actions each old kind may be (the path tells which, and gives the parameters). */
const CANDIDATES: Record<string, readonly ActionName[]> = {
  'transfer-action': ['transfer-status'],
  'status-change': ['refills-status', 'autofill-status', 'reminders-status'],
  notify: ['transfer-notify'],
  'appointment-cancel': ['vaccine-cancel', 'consultation-cancel'],
  'inquiry-resolve': ['inquiry-resolve'],
  'inquiry-unresolve': ['inquiry-unresolve'],
  'inquiry-reply': ['inquiry-reply'],
};

/** The route's parameters in `path`, or null when the path is not one of the route's. */
function matchRoute(route: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
}

function recover(old: LegacyEntry): { action: ActionName; args: ActionArgs } | null {
  for (const name of CANDIDATES[old.kind] ?? []) {
    const def = actionDef(name);
    if (!def || def.method !== old.method) continue;
    const params = matchRoute(def.route, old.path);
    if (params && pathOf(def.route, params) === old.path) return { action: name, args: { params, body: old.body } };
  }
  return null;
}

const UNREADABLE = { code: 'unreadableEntry' } as const;

/** Today's shape of a stored entry (unchanged when it already is, or when a newer version wrote it). */
export function migrateEntry(stored: OutboxEntry | LegacyEntry): OutboxEntry {
  if (stored.schemaVersion >= OUTBOX_SCHEMA_VERSION) return stored as OutboxEntry;
  const old = stored as LegacyEntry;
  const { kind: _kind, method: _method, path: _path, body: _body, patch: _patch, ...rest } = old;
  const recovered = recover(old);
  const entry: OutboxEntry = {
    ...rest,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    // Version 1 recorded no owner: its entries are sent only after a person says they are theirs.
    owner: old.owner ?? null,
    action: recovered?.action ?? ('transfer-status' as ActionName),
    args: recovered?.args ?? { params: {}, body: undefined },
  };
  if (!recovered && (entry.state === 'pending' || entry.state === 'sending')) {
    return { ...entry, state: 'failed', lastError: problemEnglish(UNREADABLE), lastProblem: UNREADABLE, lastStatus: null };
  }
  return entry;
}
