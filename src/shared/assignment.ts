// Claims and assignment (issue 19, section 3): who is handling a transfer, a refill-type request
// or an inquiry. The record carries its assignee (uid, and the name as it was when assigned, so a
// row says it without a look-up); staff change it with one action per list (actions/
// assignment-actions.ts), queued offline like every change.
import Type, { type Static } from 'typebox';
import { STAFF_NAME_MAX } from './entities';
import { RecordIdParamSchema } from './prescription-api';

/** The lists whose records can be assigned. */
export const ASSIGNABLE_COLLECTIONS = ['transfers', 'refills', 'autofill', 'reminders', 'inquiries'] as const;
export type AssignableCollection = (typeof ASSIGNABLE_COLLECTIONS)[number];

/**
 * What a person asks for: `claim` (Assign to me) holds only over the assignee they saw
 * (`expected_uid`), so of two simultaneous claims one wins; `take-over` and `assign` (to someone,
 * by name) replace whoever holds it; `unassign` leaves it to nobody.
 */
export const ASSIGN_MODES = ['claim', 'take-over', 'assign', 'unassign'] as const;
export type AssignMode = (typeof ASSIGN_MODES)[number];

const uid = Type.String({ minLength: 1, maxLength: 128 });
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AssignParamsSchema = Type.Object({ id: RecordIdParamSchema });

/** Body of `PUT /admin/assignments/{list}/{id}`. */
export const AssignBodySchema = Type.Object({
  mode: Type.Enum(ASSIGN_MODES),
  /** The new assignee (the caller for claim and take-over), null to unassign. */
  assignee_uid: nullable(uid),
  /** Their name as the device shows it; the server stores the name it knows. */
  assignee_name: nullable(Type.String({ maxLength: STAFF_NAME_MAX })),
  /** For a claim: the assignee the person saw (null: nobody). */
  expected_uid: Type.Optional(nullable(uid)),
});
export type AssignBody = Static<typeof AssignBodySchema>;

/** The assignee fields every assignable record carries (absent on a row cached before them: nobody). */
export interface Assigned {
  assignee_uid?: string | null;
  assignee_name?: string | null;
}

export const assigneeOf = (record: Assigned): string | null => record.assignee_uid ?? null;

/** The 409 code of a claim over someone else's. */
export const ASSIGNED_CODE = 'assigned';

/** "Priya Shah has this.": the refusal of a claim, naming the holder. */
export function heldByMessage(name: string | null | undefined): string {
  return `${name || 'Someone else'} has this.`;
}

/** Why this body cannot be applied (the 400's message), or null. */
export function assignProblem(body: AssignBody): string | null {
  if (body.mode === 'unassign') return body.assignee_uid === null ? null : 'assignee_uid must be null to unassign.';
  if (body.assignee_uid === null) return `assignee_uid is required to ${body.mode === 'assign' ? 'assign' : body.mode}.`;
  return null;
}

/** What the state machine says of `body` on `record`: a repeat, a refused claim, or a change. */
export function assignStep(record: Assigned, body: AssignBody): 'noop' | 'held' | 'change' {
  const current = assigneeOf(record);
  if (current === body.assignee_uid) return 'noop';
  if (body.mode === 'claim' && current !== (body.expected_uid ?? null)) return 'held';
  return 'change';
}

/** Initials of a name for a small marker ("Priya Shah" → "PS"). */
export function initials(name: string): string {
  const parts = name.trim().split(/[\s@.]+/).filter(Boolean);
  return parts.slice(0, 2).map((part) => [...part][0]!.toUpperCase()).join('') || '?';
}
