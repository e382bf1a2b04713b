// The sign-in screen's alert code, fetched right after the form is painted (login-toasts.tsx):
// the store's alert, and the browser's own alert for when the outlet's code is missing. One
// module, so that having the one means having the other.
import { useEffect } from 'react';
import { notifications, useNotifications } from '@mantine/notifications';

export { showAlert } from './alerts';

/**
 * Without the outlet's code (an old page whose files an update removed), the browser's own
 * alert says each message: a toast is never silently dropped.
 */
export function BrowserAlerts() {
  const { notifications: shown } = useNotifications();
  useEffect(() => {
    for (const item of shown) {
      window.alert(String(item.message));
      notifications.hide(item.id as string);
    }
  }, [shown]);
  return null;
}
