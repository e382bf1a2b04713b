// A staff action's words in the language shown: the same choice as the definition's English
// `label` (src/shared/actions), looked up in `actionLabelMessages` by the action's name.
//
//   const labels = useStore(actionLabelMessages);            // in a component
//   actionLabel(labels, entry)                               // an outbox entry
//   actionLabel(labels, call, record)                        // a call about to be made on `record`
//   actionLabel(textsOf(actionLabelMessages), entry)         // outside React
import type { StoreValue } from 'nanostores';
import type { ActionArgs } from '../../shared/actions/define';
import { TRANSFER_ACTION_LABELS } from '../../shared/actions/prescription-actions';
import type { ActionName } from '../../shared/actions/registry';
import { TRANSFER_ACTIONS, type TransferAction } from '../../shared/request-status';
import { actionLabelMessages } from './action-labels.messages';

export { actionLabelMessages };

export type ActionLabels = StoreValue<typeof actionLabelMessages>;

/** The actions whose words name the status change they make (Flag, Unflag…). */
const STATUS_UPDATES: ReadonlySet<string> = new Set<ActionName>(['refills-status', 'autofill-status', 'reminders-status']);
/** The assignment actions (issue 19): their words are their mode's, whatever the list. */
const ASSIGNMENTS: ReadonlySet<string> = new Set<ActionName>([
  'transfers-assign',
  'refills-assign',
  'autofill-assign',
  'reminders-assign',
  'inquiries-assign',
]);
const ASSIGN_KEYS = {
  claim: 'assign-claim',
  'take-over': 'assign-take-over',
  assign: 'assign-assign',
  unassign: 'assign-unassign',
} as const;
type NamedAction = Exclude<
  ActionName,
  | 'transfer-status'
  | 'refills-status'
  | 'autofill-status'
  | 'reminders-status'
  | 'transfers-assign'
  | 'refills-assign'
  | 'autofill-assign'
  | 'reminders-assign'
  | 'inquiries-assign'
>;

/** Every other action: its words are under its own name (a new action fails to compile until added). */
const NAMED = {
  'transfer-notify': true,
  'vaccine-cancel': true,
  'consultation-cancel': true,
  'availability-block': true,
  'availability-unblock': true,
  'inquiry-resolve': true,
  'inquiry-unresolve': true,
  'inquiry-reply': true,
  'access-record': true,
  'saved-reply-create': true,
  'saved-reply-edit': true,
  'saved-reply-delete': true,
} satisfies Record<NamedAction, true>;

/** An action call, or an outbox entry (which also holds the English words it was queued with). */
export interface LabelledCall {
  action: string;
  args: ActionArgs;
  label?: string;
}

const isTransferAction = (value: unknown): value is TransferAction =>
  (TRANSFER_ACTIONS as readonly unknown[]).includes(value);

function wasFlagged(call: LabelledCall, before: unknown): boolean {
  if (before !== undefined) return Boolean(before) && (before as { status?: unknown }).status === 'flagged';
  // An entry keeps no copy of the record it changed, but its words were chosen from it.
  return call.label === TRANSFER_ACTION_LABELS.unflag;
}

function labelKey(call: LabelledCall, before: unknown): keyof ActionLabels | null {
  if (call.action === 'transfer-status') {
    const action = (call.args.params as { action?: unknown } | undefined)?.action;
    return isTransferAction(action) ? action : null;
  }
  if (STATUS_UPDATES.has(call.action)) {
    const to = (call.args.body as { status?: unknown } | undefined)?.status;
    if (to === 'completed') return 'complete';
    if (to === 'flagged') return 'flag';
    if (to !== 'active') return null;
    return wasFlagged(call, before) ? 'unflag' : 'incomplete';
  }
  if (ASSIGNMENTS.has(call.action)) {
    const mode = (call.args.body as { mode?: unknown } | undefined)?.mode;
    return typeof mode === 'string' && Object.hasOwn(ASSIGN_KEYS, mode) ? ASSIGN_KEYS[mode as keyof typeof ASSIGN_KEYS] : ASSIGN_KEYS.assign;
  }
  return Object.hasOwn(NAMED, call.action) ? (call.action as NamedAction) : null;
}

/**
 * The words of a staff action in the language of `labels`. `before`: the record as it stands
 * before the change (Unflag and Mark as Incomplete both make a record active); an outbox entry
 * needs none. An entry this version cannot read (a newer app's) keeps the words it was stored with.
 */
export function actionLabel(labels: ActionLabels, call: LabelledCall, before?: unknown): string {
  const key = labelKey(call, before);
  return key ? labels[key] : (call.label ?? call.action);
}
