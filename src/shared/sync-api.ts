// The query string of every cached list (`GET <list>?since=<cursor>&limit=N`).
import Type, { type Static, type TSchema } from 'typebox';

export const SyncQuerySchema = Type.Object({
  /** A cursor from a previous answer (0 for everything); without it the whole list is answered. */
  since: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,15}$', description: 'a cursor from a previous answer (a whole number, 0 for all)' }),
  ),
  /** Largest page wanted; the server caps it at SYNC_PAGE_LIMIT. A query value is a string. */
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'a positive whole number' })),
});
export type SyncQuery = Static<typeof SyncQuerySchema>;

/** A delta page (DeltaPage in collections.ts) of the records `item` describes. */
export function deltaPageSchema<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    /** Keys of records deleted after the cursor. */
    deleted: Type.Array(Type.Integer()),
    cursor: Type.String({ pattern: '^[0-9]+$' }),
    more: Type.Boolean(),
  });
}

/** The answer of a list route: the whole list (a bare array), or after `?since=` a delta page. */
export function listAnswerSchema<T extends TSchema>(item: T) {
  return Type.Union([Type.Array(item), deltaPageSchema(item)], {
    description:
      'The whole list, or with `since` the changes after that cursor. A client that names `application/vnd.pharmacy.sync-page+gzip` in `Accept` is sent a page large enough to be kept as its gzip, with that Content-Type and no Content-Encoding (the app stores it so).',
  });
}
