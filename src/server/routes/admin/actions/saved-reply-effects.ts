// The server's side of the saved-reply actions (issue 19): each under its Idempotency-Key in one
// transaction with its event (saved_reply_events). The checks are the shared ones the app runs
// before queueing (saved-reply-actions.ts): a repeat is a success with no effect, an edit of a
// reply deleted meanwhile a 404, a key taken by other words a 409 carrying the reply as it is.
import type { ActionArgs } from '../../../../shared/actions/define';
import { anyAction, type ActionName } from '../../../../shared/actions/registry';
import {
  blankSavedReply,
  savedReplyNotFoundMessage,
  type SavedReply,
  type SavedReplyCreateBody,
} from '../../../../shared/saved-replies';
import type { Sql } from '../../../db/client';
import { errorResult } from '../../../plugins/app/idempotency';
import { SAVED_REPLY_LIST, deleteSavedReply, insertSavedReply, updateSavedReply } from '../../../repositories/saved-replies';
import { findRecord } from '../../../repositories/synced-list';
import { recordId } from '../support';
import type { ActionContext, ActionEffect, EffectResult } from './action-route';

type Fields = { title: string; text: string };

/**
 * The shared check on the reply as it stands (row-locked; a blank when there is none), then the
 * change. Saved replies are not patient data: no access-log entry (README, "Saved replies").
 */
function savedReplyEffect(
  action: ActionName,
  change: (tx: Sql, id: number, before: SavedReply | undefined, args: ActionArgs, context: ActionContext) => Promise<EffectResult>,
  unchanged: (id: number, before: SavedReply | undefined) => EffectResult,
): ActionEffect {
  const machine = anyAction(action).record!;
  return {
    async run(tx, args, context) {
      const id = recordId(machine.key(args));
      if (id === null) return errorResult(404, 'not_found', savedReplyNotFoundMessage(machine.key(args)));
      const row = await findRecord<SavedReply>(tx, SAVED_REPLY_LIST, id, { forUpdate: true });
      const step = machine.check(row ?? blankSavedReply(id), args);
      if (step.kind === 'forbidden') {
        return step.code === 'not_found' ? errorResult(404, step.code, step.message) : errorResult(409, step.code, step.message, row);
      }
      if (step.kind === 'noop') return unchanged(id, row);
      return change(tx, id, row, args, context);
    },
  };
}

export const SAVED_REPLY_EFFECTS = {
  'saved-reply-create': savedReplyEffect(
    'saved-reply-create',
    async (tx, id, _before, args, { actor }) => {
      const record = await insertSavedReply(tx, id, args.body as SavedReplyCreateBody, actor);
      // A twin with this key committed between the read and the insert: ask again (a 409 to retry).
      if (!record) return errorResult(409, 'conflict', `Saved reply ${id} was created meanwhile; try again.`);
      return { status: 200, body: record };
    },
    (_id, before) => ({ status: 200, body: before }),
  ),
  'saved-reply-edit': savedReplyEffect(
    'saved-reply-edit',
    async (tx, id, _before, args, { actor }) => ({ status: 200, body: await updateSavedReply(tx, id, args.body as Fields, actor) }),
    (_id, before) => ({ status: 200, body: before }),
  ),
  'saved-reply-delete': savedReplyEffect(
    'saved-reply-delete',
    async (tx, id, _before, _args, { actor }) => {
      await deleteSavedReply(tx, id, actor);
      return { status: 200, body: { saved_reply_id: id, deleted: true } };
    },
    (id) => ({ status: 200, body: { saved_reply_id: id, deleted: true } }),
  ),
} satisfies Record<string, ActionEffect>;
