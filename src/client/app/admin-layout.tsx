import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { OfflineBanner } from '../features/sync-status/components/offline-banner';
import { GuardLoading } from './guard-loading';
import { NavBar } from './nav-bar';
import { useAdminGuard } from './use-admin-guard';
import classes from './admin-layout.module.css';

/** Everything but /login: the guard, the navigation bar, the offline banner and the page. */
export function AdminLayout() {
  if (useAdminGuard() !== 'admin') return <GuardLoading />;
  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'sm', sm: 'md', lg: 'lg' }}>
      <AppShell.Header withBorder className={classes.header}>
        <NavBar />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
