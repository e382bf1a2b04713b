// What a staff action is (DESIGN 3, issue 17): one definition both sides read. The server
// registers its route and validates with its schemas; the app's outbox stores the action's name
// and arguments and works out from here the path, the body, the words and the optimistic change.
import type { Static, TSchema } from 'typebox';
import type { CollectionName, CollectionRecords } from '../collections';

/** An action's arguments as they travel: the path's parameters (strings) and the body. */
export interface ActionArgs<P = Record<string, string>, B = unknown> {
  params: P;
  body: B;
}

/** What the state machine says of an action on a record as it stands. */
export type ActionStep =
  | { kind: 'change' }
  /** Already so: a success with no effect. */
  | { kind: 'noop' }
  /** Refused: the server answers 409 with `code` and `message`, the app queues nothing. */
  | { kind: 'forbidden'; code: string; message: string };

export const CHANGE: ActionStep = { kind: 'change' };
export const NOOP: ActionStep = { kind: 'noop' };

export function forbidden(message: string, code = 'conflict'): ActionStep {
  return { kind: 'forbidden', code, message };
}

/** The record part of an action that changes one cached record. */
export interface RecordPart<K extends CollectionName, A> {
  collection: K;
  /** The record's key, from the arguments. */
  key(args: A): number;
  /** Whether the action may run on the record as it stands (the server's 409, the app's refusal). */
  check(before: CollectionRecords[K], args: A): ActionStep;
  /** The record after the action: what the app shows at once, and what the server stores. */
  apply(before: CollectionRecords[K], args: A): CollectionRecords[K];
  /** The record as the server's 2xx answer carries it. */
  fromAnswer(answer: unknown): CollectionRecords[K] | null;
  /** Arguments that carry the record as shown, taken again from it when a person retries or redoes. */
  refresh?(args: A, before: CollectionRecords[K]): A;
}

export interface ActionDef<
  Name extends string = string,
  P extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  K extends CollectionName = CollectionName,
> {
  name: Name;
  method: 'PUT' | 'POST';
  /** Relative to the API base, with `:name` for each path parameter. */
  route: string;
  params: P;
  body: B;
  /** Schema of the 200 answer. */
  answer: TSchema;
  /** A 400 before anything is claimed or read (a reply too long), as the server's words. */
  invalid?(args: ArgsOf<P, B>): string | null;
  /** Human words for the change ('Mark as Complete', 'Flag'…), from the record as it was before. */
  label(args: ArgsOf<P, B>, before: unknown): string;
  /** Absent for an action that is not about one cached record (block, unblock, the access log). */
  record?: RecordPart<K, ArgsOf<P, B>>;
  /** Queued through the outbox without a record (an action on a record always is). */
  queued?: boolean;
}

export type ArgsOf<P, B> = ActionArgs<
  P extends TSchema ? Static<P> : Record<string, never>,
  B extends TSchema ? Static<B> : undefined
>;

/** Builds a definition with its types checked (the registry's entries). */
export function defineAction<
  Name extends string,
  P extends TSchema | undefined,
  B extends TSchema | undefined,
  K extends CollectionName,
>(def: ActionDef<Name, P, B, K>): ActionDef<Name, P, B, K> {
  return def;
}

/** The path of a call: the route with its parameters put in. */
export function pathOf(route: string, params: Record<string, string>): string {
  return route.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: missing parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A record key as a path parameter. */
export function idParam(key: number): string {
  return String(key);
}
