import { useEffect, useState } from 'react';
import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '../components/toast-outlet';
import { Outlet } from '@tanstack/react-router';
import { TOAST_MS } from '../../shared/constants';
import { WipeProblem } from '../components/wipe-problem';
import { useAppBadge } from '../hooks/use-app-badge';
import { afterFirstPaint } from '../lib/after-first-paint';
import { OfflineBanner } from '../features/sync-status/components/offline-banner';
import { GuardLoading } from './guard-loading';
import { NavBar } from './nav-bar';
import { UpdatePrompt } from './update-prompt';
import { useAdminGuard } from './use-admin-guard';
import classes from './admin-layout.module.css';

/** Everything but /login: the guard, the navigation bar, the offline banner and the page. */
export function AdminLayout() {
  // Toasts and confirmations load with the layout, never on their own: a question or an alert
  // can never be lost to a chunk that failed to load (components/confirm-dialog.tsx).
  return (
    <ModalsProvider>
      <Notifications position="top-right" autoClose={TOAST_MS} />
      <WipeProblem />
      <UpdatePrompt />
      <AdminShell />
    </ModalsProvider>
  );
}

function AppBadge() {
  useAppBadge();
  return null;
}

/** The icon's count reads every cached inquiry: not before the screen's own list is painted. */
function AppBadgeAfterPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted ? <AppBadge /> : null;
}

function AdminShell() {
  if (useAdminGuard() !== 'admin') return <GuardLoading />;
  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'sm', sm: 'md', lg: 'lg' }}>
      <AppShell.Header withBorder className={classes.header}>
        <NavBar />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <AppBadgeAfterPaint />
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
