import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { notifications, type NotificationsProps, useNotifications } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';

/**
 * Without the outlet's code (an old page whose files an update removed), the browser's own
 * alert says each message: a toast is never silently dropped.
 */
function BrowserAlerts() {
  const { notifications: shown } = useNotifications();
  useEffect(() => {
    for (const item of shown) {
      window.alert(String(item.message));
      notifications.hide(item.id as string);
    }
  }, [shown]);
  return null;
}

const Outlet = lazy<ComponentType<NotificationsProps>>(() =>
  import('./toast-outlet').then(
    (m) => ({ default: m.Notifications }),
    () => ({ default: BrowserAlerts }),
  ),
);

/**
 * The sign-in screen's toasts: queued from the first moment; the outlet's code is fetched right
 * after the form is on screen (or at once for an early toast), so the paint never
 * waits for it and a later toast, offline included, finds it loaded.
 */
export function LoginToasts() {
  const { notifications: shown, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (shown.length + queue.length > 0) setWanted(true);
  }, [shown, queue]);
  // Right after the form is on screen: a sign-in that fails soon after (offline, say) finds it.
  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Outlet position="top-right" autoClose={TOAST_MS} />
    </Suspense>
  );
}
