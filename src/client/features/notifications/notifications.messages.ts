// The bell of the navigation bar and its list (issue 8).
import { count, i18n } from '../../i18n/i18n';

export const notificationMessages = i18n('shell/notifications', {
  notifications: 'Notifications',
  /** The bell's description while some are new. */
  newCount: count({ one: '{count} new', many: '{count} new' }),
  none: 'No new notifications',
  newTransfer: 'New transfer request!',
});
