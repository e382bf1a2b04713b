import { useEffect, useState } from 'react';
import { AppShell } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Notifications } from '../components/toast-outlet';
import { Outlet, useLocation } from '@tanstack/react-router';
import { DEFAULT_IDLE_LOCK_MS, TOAST_MS } from '../../shared/constants';
import { WipeProblem } from '../components/wipe-problem';
import { useAppBadge } from '../hooks/use-app-badge';
import { afterFirstPaint } from '../lib/after-first-paint';
import { OfflineBanner } from '../features/sync-status/components/offline-banner';
import { GuardLoading } from './guard-loading';
import { NavBar } from './nav-bar';
import { UpdatePrompt } from './update-prompt';
import { useDrawnLater } from '../hooks/use-drawn-later';
import { useSession } from '../hooks/use-session';
import { useRuntimeConfig } from '../lib/runtime-config';
import { admittedPerson } from '../offline/session-state';
import { LockScreen } from './lock-screen';
import { KeyboardShortcuts } from './shortcuts/keyboard-shortcuts';
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

/** Locks every tab after the pharmacy's idle time without input (IDLE_LOCK_AFTER; 0: never). */
function useIdleLock(): void {
  const idleMs = useRuntimeConfig()?.idleLockAfterMs ?? DEFAULT_IDLE_LOCK_MS;
  useEffect(() => {
    let stop = () => undefined as void;
    let live = true;
    void import('../lib/lock').then(({ startIdleLock }) => {
      if (live) stop = startIdleLock(idleMs);
    });
    return () => {
      live = false;
      stop();
    };
  }, [idleMs]);
}

/**
 * The page under the bar, drawn once the bar is; and each page a person goes to, drawn after the
 * one they leave is taken down (a render of its own, in the background, rather than one long task).
 */
function ShellPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <AppBadgeAfterPaint />
      <KeyboardShortcuts />
      <OfflineBanner />
      <PageDrawnLater key={pathname} />
    </>
  );
}

function PageDrawnLater() {
  return useDrawnLater() ? <Outlet /> : null;
}

function AdminShell() {
  const session = useSession();
  const person = admittedPerson(session);
  // The bar's frame first, then its content, then the page, each in a render of its own.
  const barDrawn = useDrawnLater();
  useIdleLock();
  // No toast, no question stays on screen behind the lock (they may name a record).
  useEffect(() => {
    if (session.status !== 'locked') return;
    notifications.clean();
    modals.closeAll();
  }, [session.status]);
  // The guard (app/guard.ts) let this page in; between a change of the session and the guard's
  // next run (or while a revoked account's data is wiped), no patient data is drawn.
  if (!person) return <GuardLoading />;
  // Locked: the screens are taken down, not covered (their search, scroll and drafts are kept).
  if (session.status === 'locked') return <LockScreen person={person} />;
  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'sm', sm: 'md', lg: 'lg' }}>
      <AppShell.Header withBorder className={classes.header}>
        {barDrawn ? <NavBar /> : null}
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        {barDrawn ? <ShellPage /> : null}
      </AppShell.Main>
    </AppShell>
  );
}
