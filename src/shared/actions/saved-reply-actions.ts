// The saved-reply actions (issue 19): create, edit and delete, queued through the outbox like
// every change, so they work offline and reach the server exactly once. The device picks the
// key of a new reply (saved-replies.ts), so all three are actions on one record.
import {
  SavedReplyCreateBodySchema,
  SavedReplyDeleteResponseSchema,
  SavedReplyEditBodySchema,
  SavedReplyParamsSchema,
  SavedReplySchema,
  isGone,
  normalizeSavedReply,
  sameSavedReply,
  savedReplyNotFoundMessage,
  savedReplyProblem,
  savedReplyTakenMessage,
  type SavedReply,
  type ShownSavedReply,
} from '../saved-replies';
import { CHANGE, NOOP, defineAction, forbidden } from './define';

export const SAVED_REPLY_ACTION_LABELS = {
  create: 'Save reply',
  edit: 'Edit saved reply',
  delete: 'Delete saved reply',
} as const;

const isSavedReply = (value: unknown): value is SavedReply =>
  Boolean(value) && typeof value === 'object' && typeof (value as SavedReply).saved_reply_id === 'number';

/** POST /admin/saved-replies: a new reply under the key the device chose. */
export const savedReplyCreate = defineAction({
  name: 'saved-reply-create',
  method: 'POST',
  route: '/admin/saved-replies',
  params: undefined,
  body: SavedReplyCreateBodySchema,
  answer: SavedReplySchema,
  invalid: (args) => savedReplyProblem(args.body),
  label: () => SAVED_REPLY_ACTION_LABELS.create,
  record: {
    collection: 'savedReplies',
    key: (args) => args.body.saved_reply_id,
    // The same key again with the same words is a repeat; with other words, a key already taken.
    check: (before, args) => {
      if (isGone(before)) return CHANGE;
      return sameSavedReply(before, args.body) ? NOOP : forbidden(savedReplyTakenMessage(args.body.saved_reply_id));
    },
    apply: (_before, args) => ({ saved_reply_id: args.body.saved_reply_id, ...normalizeSavedReply(args.body) }),
    fromAnswer: (answer) => (isSavedReply(answer) ? answer : null),
  },
});

/** PUT /admin/saved-replies/{saved_reply_id}: a new title and text. */
export const savedReplyEdit = defineAction({
  name: 'saved-reply-edit',
  method: 'PUT',
  route: '/admin/saved-replies/:saved_reply_id',
  params: SavedReplyParamsSchema,
  body: SavedReplyEditBodySchema,
  answer: SavedReplySchema,
  invalid: (args) => savedReplyProblem(args.body),
  label: () => SAVED_REPLY_ACTION_LABELS.edit,
  record: {
    collection: 'savedReplies',
    key: (args) => Number(args.params.saved_reply_id),
    check: (before, args) => {
      if (isGone(before)) return forbidden(savedReplyNotFoundMessage(args.params.saved_reply_id), 'not_found');
      return sameSavedReply(before, args.body) ? NOOP : CHANGE;
    },
    apply: (before, args) => ({ ...before, ...normalizeSavedReply(args.body) }),
    fromAnswer: (answer) => (isSavedReply(answer) ? answer : null),
  },
});

/**
 * POST /admin/saved-replies/{saved_reply_id}/delete. Deleting one already gone is a success with
 * no effect. The answer carries no record: the reply shows as gone until a sync brings its
 * deletion.
 */
export const savedReplyDelete = defineAction({
  name: 'saved-reply-delete',
  method: 'POST',
  route: '/admin/saved-replies/:saved_reply_id/delete',
  params: SavedReplyParamsSchema,
  body: undefined,
  answer: SavedReplyDeleteResponseSchema,
  label: () => SAVED_REPLY_ACTION_LABELS.delete,
  record: {
    collection: 'savedReplies',
    key: (args) => Number(args.params.saved_reply_id),
    check: (before) => (isGone(before) ? NOOP : CHANGE),
    apply: (before) => {
      const gone: ShownSavedReply = { ...before, gone: true };
      return gone;
    },
    fromAnswer: () => null,
  },
});
