// `app.changeFeed`: one LISTEN per server instance on the database's change channel (migration
// 006), fanned out to every open change stream of this instance. The feed comes from the
// database, so changes made through another instance or by another program arrive here too.
import fp from 'fastify-plugin';
import { COLLECTION_NAMES, type CollectionName } from '../../../shared/collections';
import type { Sql } from '../../db/client';
import { SYNCED_LISTS } from '../../repositories/list-registry';

const CHANGE_CHANNEL = 'list_changes';

export type FeedEvent =
  | { type: 'change'; list: CollectionName; cursor: string }
  /** Notifications may have been missed (the listening connection dropped): catch up. */
  | { type: 'gap' };

export interface ChangeFeed {
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /** Open subscriptions (streams) on this instance. */
  readonly size: number;
  /**
   * True when `list` is known to hold no change after `since`: on a database whose every write
   * this process hears before the write returns (Db.hearsEveryWrite), from the newest change
   * number each list was last told of. False whenever it is not known (PostgreSQL, before the
   * feed has read where each list stands): the caller asks the database.
   */
  nothingAfter(list: CollectionName, since: number): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

/** Table name → the cached lists built on it. */
const LISTS_OF_TABLE = new Map<string, CollectionName[]>();
for (const name of COLLECTION_NAMES) {
  const { table } = SYNCED_LISTS[name];
  LISTS_OF_TABLE.set(table, [...(LISTS_OF_TABLE.get(table) ?? []), name]);
}

/** `"<table> <cursor>"` → one event per list built on the table; anything else → none. */
function parseNotification(payload: string): FeedEvent[] {
  const match = /^([a-z_]+) (\d+)$/.exec(payload);
  if (!match) return [];
  const lists = LISTS_OF_TABLE.get(match[1] as string) ?? [];
  return lists.map((list) => ({ type: 'change', list, cursor: match[2] as string }));
}

/**
 * The newest change number of each list (rows and deletions): a stream's first event, so a
 * client back after a gap syncs exactly the lists that moved while it was away.
 */
export async function currentCursors(db: Sql): Promise<Record<CollectionName, string>> {
  const parts = COLLECTION_NAMES.map((name, index) => {
    const { table } = SYNCED_LISTS[name];
    return `SELECT ${index} AS i, GREATEST(
        (SELECT COALESCE(MAX(change_no), 0) FROM ${table}),
        (SELECT COALESCE(MAX(change_no), 0) FROM tombstones WHERE entity = '${table}')) AS cursor`;
  });
  const rows = await db.query<{ i: number; cursor: number }>(parts.join(' UNION ALL '));
  const cursors = {} as Record<CollectionName, string>;
  for (const row of rows) cursors[COLLECTION_NAMES[row.i] as CollectionName] = String(row.cursor);
  return cursors;
}

export const changeFeedPlugin = fp(
  async (app) => {
    const listeners = new Set<(event: FeedEvent) => void>();
    const emit = (event: FeedEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          app.log.warn({ err: error }, 'change stream listener failed');
        }
      }
    };
    let stop: (() => Promise<void>) | null = null;
    /**
     * The newest change number of each list, on a database that tells this process of every
     * write before it returns; null until read (or elsewhere). A device that keeps up asks after
     * its cursor about once a minute per list, and almost always nothing has changed: answered
     * from here, such a sync costs no statement.
     */
    let newest: Map<CollectionName, number> | null = null;
    const heard = (event: FeedEvent) => {
      if (event.type !== 'change' || !newest) return;
      newest.set(event.list, Math.max(newest.get(event.list) ?? 0, Number(event.cursor)));
    };
    app.decorate('changeFeed', {
      subscribe(listener: (event: FeedEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      get size() {
        return listeners.size;
      },
      nothingAfter(list: CollectionName, since: number) {
        const known = newest?.get(list);
        return known !== undefined && since >= known;
      },
    });
    app.addHook('onReady', async () => {
      stop = await app.db.listen(
        CHANGE_CHANNEL,
        (payload) =>
          parseNotification(payload).forEach((event) => {
            heard(event);
            emit(event);
          }),
        () => {
          app.log.warn('change feed reconnected: streams catch up');
          newest = null;
          emit({ type: 'gap' });
        },
      );
      if (app.db.hearsEveryWrite) {
        // Read once listening, so no write falls between; what was heard meanwhile is kept.
        const heardMeanwhile = new Map<CollectionName, number>();
        newest = heardMeanwhile;
        const cursors = await currentCursors(app.db);
        for (const list of COLLECTION_NAMES) {
          heardMeanwhile.set(list, Math.max(heardMeanwhile.get(list) ?? 0, Number(cursors[list])));
        }
      }
    });
    app.addHook('onClose', async () => {
      await stop?.();
      stop = null;
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);
