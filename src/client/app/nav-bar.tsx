import { useState } from 'react';
import { Badge, Box, Burger, Button, Menu } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { BrandMark } from '../components/brand-mark';
import { ChevronDownIcon, LockIcon, LogoutIcon, UserIcon } from '../components/icons';
import { NotificationsMenu } from '../features/notifications/components/notifications-menu';
import { UnsentChangesButton } from '../features/sync-status/components/unsent-changes-button';
import { useLogout } from '../features/sync-status/hooks/use-logout';
import { useRuntimeConfig } from '../lib/runtime-config';
import {
  APPOINTMENTS_LINK,
  HOME_LINK,
  isActivePath,
  MESSAGES_LINK,
  PRESCRIPTION_LINKS,
  PRESCRIPTIONS_MATCH,
} from './nav-links';
import classes from './nav-bar.module.css';

function usePathname(): string {
  return useLocation({ select: (location) => location.pathname });
}

function TopLink({ link }: { link: typeof HOME_LINK | typeof APPOINTMENTS_LINK | typeof MESSAGES_LINK }) {
  const active = isActivePath(usePathname(), link.match);
  return (
    <Link
      to={link.to}
      className={classes.link}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {link.label}
    </Link>
  );
}

function PrescriptionsMenu() {
  const pathname = usePathname();
  const active = isActivePath(pathname, PRESCRIPTIONS_MATCH);
  return (
    <Menu position="bottom-start" offset={0} width={240}>
      <Menu.Target>
        <button type="button" className={classes.link} data-active={active || undefined}>
          Prescriptions
          <ChevronDownIcon size={16} />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {PRESCRIPTION_LINKS.map((link) => (
          <PrescriptionItem key={link.to} link={link} pathname={pathname} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function PrescriptionItem({
  link,
  pathname,
}: {
  link: (typeof PRESCRIPTION_LINKS)[number];
  pathname: string;
}) {
  const active = isActivePath(pathname, link.to);
  return (
    <Menu.Item
      className={active ? classes.menuItemActive : undefined}
      renderRoot={(props) => <Link {...props} to={link.to} aria-current={active ? 'page' : undefined} />}
    >
      {link.label}
    </Menu.Item>
  );
}

function UserMenu({ onLogout }: { onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<UserIcon size={18} />}
          rightSection={<ChevronDownIcon size={16} />}
        >
          Admin Authenticated
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item renderRoot={(props) => <Link {...props} to="/access-log" />}>Access Log</Menu.Item>
        <Menu.Item leftSection={<LockIcon size={18} />} onClick={lockNow}>
          Lock now
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={18} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The screen locks at once: a person stepping away from the counter. */
const lockNow = () => void import('../lib/lock').then((lock) => lock.lockNow());

function MobileMenu({ onLogout }: { onLogout: () => void }) {
  const [opened, setOpened] = useState(false);
  const pathname = usePathname();
  const item = (link: { label: string; to: string }, match: string) => {
    const active = isActivePath(pathname, match);
    return (
      <Menu.Item
        key={link.to}
        className={active ? classes.menuItemActive : undefined}
        renderRoot={(props) => <Link {...props} to={link.to} aria-current={active ? 'page' : undefined} />}
      >
        {link.label}
      </Menu.Item>
    );
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={260}>
      <Menu.Target>
        <Burger opened={opened} size="sm" aria-label="Open navigation" />
      </Menu.Target>
      <Menu.Dropdown>
        {item(HOME_LINK, HOME_LINK.match)}
        <Menu.Label>Prescriptions</Menu.Label>
        {PRESCRIPTION_LINKS.map((link) => item(link, link.to))}
        <Menu.Divider />
        {item(APPOINTMENTS_LINK, APPOINTMENTS_LINK.match)}
        {item(MESSAGES_LINK, MESSAGES_LINK.match)}
        <Menu.Divider />
        <Menu.Label>Admin Authenticated</Menu.Label>
        {item({ label: 'Access Log', to: '/access-log' }, '/access-log')}
        <Menu.Item leftSection={<LockIcon size={18} />} onClick={lockNow}>
          Lock now
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={18} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function NavBar() {
  const config = useRuntimeConfig();
  const logout = useLogout();
  const onLogout = () => void logout();
  return (
    <Box component="nav" aria-label="Main" className={classes.bar}>
      <Link to="/dashboard" className={classes.brand}>
        <BrandMark size={32} />
        <span className={classes.brandName}>{config?.pharmacyName ?? 'Pharmacy'}</span>
        <Badge variant="filled" size="sm" radius="sm" className={classes.badge}>
          TS
        </Badge>
      </Link>
      <Box className={classes.links} visibleFrom="md">
        <TopLink link={HOME_LINK} />
        <PrescriptionsMenu />
        <TopLink link={APPOINTMENTS_LINK} />
        <TopLink link={MESSAGES_LINK} />
      </Box>
      <div className={classes.actions}>
        <UnsentChangesButton />
        <NotificationsMenu />
        <Box visibleFrom="md">
          <UserMenu onLogout={onLogout} />
        </Box>
        <Box hiddenFrom="md">
          <MobileMenu onLogout={onLogout} />
        </Box>
      </div>
    </Box>
  );
}
