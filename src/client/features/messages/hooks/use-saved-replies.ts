// The saved replies as shown on this device (saved-reply-list.ts), and their three changes
// through the offline outbox (hooks/use-queued-change.ts): shown at once, sent exactly once.
import { useCallback, useMemo } from 'react';
import { savedReplyCreateCall, savedReplyDeleteCall, savedReplyEditCall } from '../../../../shared/actions/calls';
import { blankSavedReply, newSavedReplyId } from '../../../../shared/saved-replies';
import { useCollection } from '../../../hooks/use-collection';
import { useQueuedChange } from '../../../hooks/use-queued-change';
import { textsOf } from '../../../i18n/i18n';
import { queueAction } from '../../../offline/actions';
import { shownSavedReplies } from '../saved-reply-list';
import { savedRepliesMessages } from '../saved-replies.messages';

type Fields = { title: string; text: string };

export function useSavedReplies() {
  const { rows, pending } = useCollection('savedReplies');
  const replies = useMemo(() => shownSavedReplies(rows, pending), [rows, pending]);
  return { replies, pending };
}

export function useSavedReplyActions() {
  const { busy, run } = useQueuedChange<'save' | 'delete'>();

  /** Creates (no id) or edits a saved reply; resolves true when the server took it. */
  const save = useCallback(
    async (id: number | null, fields: Fields): Promise<boolean> => {
      const key = id ?? newSavedReplyId();
      const call = id === null ? savedReplyCreateCall(key, fields) : savedReplyEditCall(key, fields);
      // A reply not yet on the server has no cached row: its changes are checked from a blank.
      const result = await run('save', () => queueAction(call, blankSavedReply(key)), {
        log: 'Failed to save the saved reply',
        success: textsOf(savedRepliesMessages).saved,
      });
      return result?.ok === true;
    },
    [run],
  );

  const remove = useCallback(
    async (id: number): Promise<boolean> => {
      const result = await run('delete', () => queueAction(savedReplyDeleteCall(id), blankSavedReply(id)), {
        log: 'Failed to delete the saved reply',
        success: textsOf(savedRepliesMessages).deleted,
      });
      return result?.ok === true;
    },
    [run],
  );

  return { busy, save, remove };
}
