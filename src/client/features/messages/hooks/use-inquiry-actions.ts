// Resolve, unresolve and reply through the offline outbox (hooks/use-queued-change.ts): the cached
// inquiry changes at once; the reply's toasts (spec section 8) wait for the server's answer.
import { useCallback } from 'react';
import type { Inquiry } from '../../../../shared/entities';
import type { InquiryAction } from '../../../../shared/inquiry-api';
import { showAlert } from '../../../components/alerts';
import { useQueuedChange } from '../../../hooks/use-queued-change';
import { inquiryToggleCall, replyCall } from '../../../../shared/actions/calls';
import { textsOf } from '../../../i18n/i18n';
import { queueAction } from '../../../offline/actions';
import { replyToastMessages } from '../inquiry-detail.messages';

export function useInquiryActions() {
  const { busy, run } = useQueuedChange<InquiryAction>();

  const toggle = useCallback(
    (inquiry: Inquiry, action: 'resolve' | 'unresolve') =>
      run(action, () => queueAction(inquiryToggleCall(inquiry, action), inquiry), {
        // Spec section 8 logs these; the app also shows a refusal (README: departs on purpose).
        log: action === 'resolve' ? 'Failed to mark inquiry as resolved' : 'Failed to mark inquiry as unresolved',
      }),
    [run],
  );

  /** Resolves true when the server took the reply; `seen`: the state the draft was begun against. */
  const reply = useCallback(
    async (inquiry: Inquiry, text: string, seen?: 'new' | 'resolved'): Promise<boolean> => {
      const toasts = textsOf(replyToastMessages);
      const result = await run('reply', () => queueAction(replyCall(inquiry, text, seen), inquiry), {
        log: 'Error sending reply',
        success: toasts.sent,
        failure: toasts.failed,
      });
      if (result?.ok && (result.response as { emailed?: unknown } | undefined)?.emailed === false) {
        showAlert(textsOf(replyToastMessages).notEmailed, 'info');
      }
      return result?.ok === true;
    },
    [run],
  );

  return { busy, toggle, reply };
}
