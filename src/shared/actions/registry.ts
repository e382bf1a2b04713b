// Every staff action, once (DESIGN 3). The server registers one route per entry
// (server routes/admin/actions/index.ts); the app queues an entry's name and arguments (offline/actions.ts).
// A new action is an entry here, its server effect, and its place in the UI (README).
import type { TSchema } from 'typebox';
import type { CollectionName } from '../collections';
import type { ActionArgs, ActionDef, ActionStep, ArgsOf } from './define';
import { accessRecord } from './access-actions';
import { autofillAssign, inquiryAssign, refillAssign, reminderAssign, transferAssign } from './assignment-actions';
import { blockRange, consultationCancel, unblockRange, vaccineCancel } from './appointment-actions';
import { inquiryReply, inquiryResolve, inquiryUnresolve } from './inquiry-actions';
import { autofillStatus, refillStatus, reminderStatus, transferNotify, transferStatus } from './prescription-actions';
import { savedReplyCreate, savedReplyDelete, savedReplyEdit } from './saved-reply-actions';

const ALL = [
  transferStatus,
  refillStatus,
  autofillStatus,
  reminderStatus,
  transferNotify,
  vaccineCancel,
  consultationCancel,
  blockRange,
  unblockRange,
  inquiryResolve,
  inquiryUnresolve,
  inquiryReply,
  accessRecord,
  savedReplyCreate,
  savedReplyEdit,
  savedReplyDelete,
  transferAssign,
  refillAssign,
  autofillAssign,
  reminderAssign,
  inquiryAssign,
] as const;

type AnyAction = (typeof ALL)[number];
export type ActionName = AnyAction['name'];
export type ActionOf<N extends ActionName> = Extract<AnyAction, { name: N }>;
export type ActionArgsOf<N extends ActionName> =
  ActionOf<N> extends ActionDef<string, infer P, infer B, CollectionName> ? ArgsOf<P, B> : never;

/** One call of an action: what the outbox stores. */
export type ActionCall = { [N in ActionName]: { action: N; args: ActionArgsOf<N> } }[ActionName];

/** The registry, typed per entry. */
export const STAFF_ACTIONS = Object.fromEntries(ALL.map((def) => [def.name, def])) as unknown as {
  [N in ActionName]: ActionOf<N>;
};

/** An entry seen from code that handles every action alike (the outbox, the route helper). */
export interface AnyActionDef {
  name: ActionName;
  method: 'PUT' | 'POST';
  route: string;
  params: TSchema | undefined;
  body: TSchema | undefined;
  answer: TSchema;
  invalid?(args: ActionArgs): string | null;
  label(args: ActionArgs, before: unknown): string;
  queued?: boolean;
  record?: {
    collection: CollectionName;
    key(args: ActionArgs): number;
    check(before: object, args: ActionArgs): ActionStep;
    apply(before: object, args: ActionArgs): object;
    fromAnswer(answer: unknown): object | null;
    refresh?(args: ActionArgs, before: object): ActionArgs;
  };
}

export const ACTION_LIST: readonly AnyActionDef[] = ALL as unknown as readonly AnyActionDef[];

/** The entry of a name the code knows, seen like every other entry. */
export function anyAction(name: ActionName): AnyActionDef {
  return STAFF_ACTIONS[name] as unknown as AnyActionDef;
}

/** The entry of `name`, or undefined for a name this version does not know (a newer app's). */
export function actionDef(name: string): AnyActionDef | undefined {
  return Object.hasOwn(STAFF_ACTIONS, name) ? (STAFF_ACTIONS[name as ActionName] as unknown as AnyActionDef) : undefined;
}

/** The call of an action, typed by its name (the UI's way to name one). */
export function actionCall<N extends ActionName>(action: N, args: ActionArgsOf<N>): ActionCall {
  return { action, args } as ActionCall;
}
