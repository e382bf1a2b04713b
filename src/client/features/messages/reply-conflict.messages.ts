// A reply stopped because someone else changed the inquiry while it was written (issue 19, section 4).
import { i18n, params } from '../../i18n/i18n';

export const replyConflictMessages = i18n('messages/reply-conflict', {
  titleReplied: 'Someone else replied first',
  titleChanged: 'Someone else changed this message while you were writing',
  by: params('{what} by {who}, {when}'),
  yourDraft: 'Your reply, not sent:',
  readAgain: 'Read the message again, then send your reply anyway or discard it.',
  sendAnyway: 'Send anyway',
  discard: 'Discard my reply',
});
