import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';
import { afterFirstPaint } from '../lib/after-first-paint';
import type { AlertKind } from './alerts';

// The sign-in screen paints without any of the toasts' code: the store, the outlet and the
// fallback come right after (a toast asked for before is kept and shown then).
const loadAlerts = () => import('./login-alerts');

const Outlet = lazy<ComponentType<NotificationsProps>>(async () => {
  const [outlet, alerts] = await Promise.allSettled([import('./toast-outlet'), loadAlerts()]);
  if (outlet.status === 'fulfilled') return { default: outlet.value.Notifications };
  // Nothing could load: showLoginAlert says each message with the browser's own alert.
  return { default: alerts.status === 'fulfilled' ? alerts.value.BrowserAlerts : () => null };
});

/**
 * The spec's alert on the sign-in screen. Without the toasts' code (an old page whose files an
 * update removed), the browser's own alert says it: a toast is never silently dropped.
 */
export function showLoginAlert(message: string, kind: AlertKind): void {
  loadAlerts().then(
    (alerts) => alerts.showAlert(message, kind),
    () => window.alert(message),
  );
}

/**
 * The sign-in screen's toasts: the outlet's code is fetched right after the form is painted, so
 * the paint never waits for it and a later toast, offline included, finds it loaded.
 */
export function LoginToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterFirstPaint(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Outlet position="top-right" autoClose={TOAST_MS} />
    </Suspense>
  );
}
