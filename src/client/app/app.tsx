import { lazy, Suspense, type ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { TOAST_MS } from '../../shared/constants';
import { ConfirmProvider } from '../components/confirm-dialog';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// Toasts are queued in a store from the first moment; the component that shows them (and its
// transitions) can arrive a little after the first paint.
const Notifications = lazy<ComponentType<NotificationsProps>>(() =>
  import('../components/toast-outlet').then(
    (m) => ({ default: m.Notifications }),
    // A chunk that cannot load (offline before the service worker cached it) must not take the
    // whole app down: the app runs on without toasts.
    () => ({ default: () => null }),
  ),
);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" autoClose={TOAST_MS} />
      </Suspense>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </MantineProvider>
  );
}
