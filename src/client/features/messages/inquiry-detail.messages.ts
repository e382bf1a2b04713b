// An inquiry's detail (spec section 2): the reply box, and the toasts of a reply (spec section 8).
import { i18n, params } from '../../i18n/i18n';

export const inquiryDetailMessages = i18n('messages/detail', {
  seeUserProfile: 'See User Profile',
  seeGuestInfo: 'See Guest Info',
  refusedReply: params('Your reply, not sent: “{text}”'),
  replied: 'Replied:',
  sending: 'Sending...',
  replyPending: 'Pending: saved on this device, not sent yet',
  reply: 'Reply',
  replyPlaceholder: 'Write your reply...',
  tooLong: params('A reply can be at most {max} characters.'),
});

export const replyToastMessages = i18n('messages/reply-toasts', {
  sent: 'Reply sent successfully!',
  failed: 'Error sending reply. Please try again.',
  /** After a reply the server stored but could not email (the answer's `emailed: false`). */
  notEmailed: 'The reply is saved, but no email was sent: this person left no email address.',
});
