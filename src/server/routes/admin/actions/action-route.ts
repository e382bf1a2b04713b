// One route per staff action of the registry (src/shared/actions), all through the same steps:
// schema validation, the action's own 400s, then under the Idempotency-Key in one transaction
// the record locked, the state machine's check, the effect with its audit event, its entry in
// the access log when a change happened, and the answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessAction } from '../../../../shared/access-log';
import type { ActionArgs } from '../../../../shared/actions/define';
import type { ActionName, AnyActionDef } from '../../../../shared/actions/registry';
import type { Sql } from '../../../db/client';
import { errorResult, runIdempotent, type IdempotentResult } from '../../../plugins/app/idempotency';
import type { NewAccessEntry } from '../../../repositories/access-log';
import type { Actor } from '../../../repositories/actor';
import { accessEntry, requestAccess, type AccessSubject, type RequestAccess } from '../access';
import { actorOf, adminPath, badRequest, recordId } from '../support';

export interface ActionContext {
  app: FastifyInstance;
  actor: Actor;
  /** Who, from which device, when and whether offline: what the access log records of the call. */
  access: RequestAccess;
}

/** An effect's answer; `touched` says a change happened, and to whose data. */
export interface EffectResult extends IdempotentResult {
  touched?: Omit<AccessSubject, 'action'>;
  /** The access log's word when it depends on the arguments (assign, unassign, take-over). */
  verb?: AccessAction;
}

export interface ActionEffect {
  /** A 400's message the schema cannot say (a range that is not one), before any key is claimed. */
  prepare?(args: ActionArgs, app: FastifyInstance): string | null;
  run(tx: Sql, args: ActionArgs, context: ActionContext): Promise<EffectResult>;
}

/**
 * Each action's word in the access log. Typed over every action, so a new one says how it is
 * logged; null for the access log's own action, which writes the device's entries itself, and
 * for changes to what is not patient data (saved replies).
 */
const ACCESS_VERBS: Record<ActionName, AccessAction | null> = {
  'transfer-status': 'status',
  'refills-status': 'status',
  'autofill-status': 'status',
  'reminders-status': 'status',
  'transfer-notify': 'notify',
  'vaccine-cancel': 'cancel',
  'consultation-cancel': 'cancel',
  'availability-block': 'block',
  'availability-unblock': 'unblock',
  'inquiry-resolve': 'resolve',
  'inquiry-unresolve': 'unresolve',
  'inquiry-reply': 'reply',
  'access-record': null,
  // Saved replies hold no patient data: their history is saved_reply_events (README).
  'saved-reply-create': null,
  'saved-reply-edit': null,
  'saved-reply-delete': null,
  // Assignment's word depends on its mode: the effect says it (assignment-effects.ts).
  'transfers-assign': 'assign',
  'refills-assign': 'assign',
  'autofill-assign': 'assign',
  'reminders-assign': 'assign',
  'inquiries-assign': 'assign',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A status that moved, from the record before and the one answered. */
function statusMove(before: object, answer: unknown): Record<string, unknown> | null {
  const from = (before as { status?: unknown }).status;
  const to = isObject(answer) ? answer.status : undefined;
  return typeof from === 'string' && typeof to === 'string' && from !== to ? { from, to } : null;
}

/** What one action on one record does on the server; `recordEffect` adds the machine's steps. */
export interface RecordEffect<R extends object> {
  /** The record row-locked until the transaction ends, or undefined. */
  load(tx: Sql, id: number, args: ActionArgs): Promise<R | undefined>;
  notFound(args: ActionArgs, id: number | null): string;
  /** A refusal that comes before the machine's (a booking id that is not this appointment's). */
  precheck?(before: R, args: ActionArgs): IdempotentResult | null;
  /** The change itself, with its audit event and any email; only when the machine allows it. */
  change(tx: Sql, before: R, args: ActionArgs, context: ActionContext): Promise<IdempotentResult>;
  /** The 200 answer of a repeat (already so): the record itself unless said otherwise. */
  unchanged?(record: R): unknown;
}

/**
 * The common steps of an action on one record: a 404 when it does not exist, a 409 carrying the
 * record when the machine forbids the action, a 200 with no effect when it is already so.
 */
export function recordEffect<R extends object>(def: AnyActionDef, effect: RecordEffect<R>): ActionEffect {
  const machine = def.record;
  if (!machine) throw new Error(`${def.name} is not an action on a record`);
  return {
    async run(tx, args, context) {
      const id = recordId(machine.key(args));
      const before = id === null ? undefined : await effect.load(tx, id, args);
      if (!before) return errorResult(404, 'not_found', effect.notFound(args, id));
      const refused = effect.precheck?.(before, args);
      if (refused) return refused;
      const step = machine.check(before, args);
      if (step.kind === 'forbidden') return errorResult(409, step.code, step.message, before);
      if (step.kind === 'noop') return { status: 200, body: effect.unchanged ? effect.unchanged(before) : before };
      const result = await effect.change(tx, before, args, context);
      if (result.status >= 300) return result;
      // Every record of a cached list carries its patient's user_id and name (a blocked slot none).
      const touched = { collection: machine.collection, record_id: id, patient: before, detail: statusMove(before, result.body) };
      return { ...result, touched };
    },
  };
}

/**
 * The audit step: a change that happened goes into the access log in the effect's transaction
 * (with its stored answer, runIdempotent), so a refusal (4xx), a repeat with no effect, or a
 * replayed Idempotency-Key adds nothing, and an effect that rolls back takes its entry with it. An
 * action on no record (block, unblock) changed something whenever it succeeded; its arguments and
 * answer say what.
 */
function audit(def: AnyActionDef, args: ActionArgs, access: RequestAccess, result: EffectResult): NewAccessEntry[] {
  const action = ACCESS_VERBS[def.name] && (result.verb ?? ACCESS_VERBS[def.name]);
  if (!action || result.status >= 300) return [];
  const touched =
    result.touched ??
    (def.record ? undefined : { detail: { ...(isObject(args.body) ? args.body : {}), ...(isObject(result.body) ? result.body : {}) } });
  return touched ? [accessEntry(access, { action, ...touched })] : [];
}

/** Registers `def`'s route in the admin scope, answered by `effect`. */
export function registerAction(app: FastifyInstance, def: AnyActionDef, effect: ActionEffect): void {
  app.route({
    method: def.method,
    url: adminPath(def.route),
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: def.answer },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const args: ActionArgs = { params: (request.params ?? {}) as Record<string, string>, body: request.body };
      const problem = def.invalid?.(args) ?? effect.prepare?.(args, app) ?? null;
      if (problem) return badRequest(reply, problem);
      const context: ActionContext = { app, actor: actorOf(request), access: requestAccess(request, app.config) };
      return runIdempotent(request, reply, async (tx) => {
        const result = await effect.run(tx, args, context);
        return { ...result, access: [...(result.access ?? []), ...audit(def, args, context.access, result)] };
      });
    },
  });
}
