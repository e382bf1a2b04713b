// The change stream (issue 8): `GET /admin/changes`, server-sent events read with `fetch` (the ID
// token goes in the Authorization header, never in a URL). It carries list names and cursors
// only, never a record: a device runs its delta sync (`?since=`) for the list that moved.
import type { CollectionName } from './collections';

export const CHANGE_STREAM_PATH = '/admin/changes';

/** `event: cursors`: sent first, and again after the server may have missed notifications. */
export interface CursorsEvent {
  /** The newest change number of every cached list. */
  lists: Record<CollectionName, string>;
}

/** `event: change`: list X changed up to cursor N (committed). */
export interface ChangeEvent {
  list: CollectionName;
  cursor: string;
}

/**
 * `event: end`: the server ends the stream. `status` is what a request would have been answered:
 * 401 (token expired or revoked), 403 (no longer an admin), 503 (the server is stopping).
 */
export interface EndEvent {
  status: number;
  code: string;
}
