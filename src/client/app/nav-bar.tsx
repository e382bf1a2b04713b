import { useState } from 'react';
import { Badge, Box, Burger, Button, Menu } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { BrandMark } from '../components/brand-mark';
import { ChevronDownIcon, LockIcon, LogoutIcon, UserIcon } from '../components/icons';
import { NotificationsMenu } from '../features/notifications/components/notifications-menu';
import { UnsentChangesButton } from '../features/sync-status/components/unsent-changes-button';
import { useLogout } from '../features/sync-status/hooks/use-logout';
import { useAdmittedPerson } from '../hooks/use-session';
import { useRuntimeConfig } from '../lib/runtime-config';
import { LanguageMenuItems } from './language-menu-items';
import {
  ACCESS_LOG_LINK,
  APPOINTMENTS_LINK,
  HOME_LINK,
  isActivePath,
  MESSAGES_LINK,
  PRESCRIPTION_LINKS,
  PRESCRIPTIONS_MATCH,
} from './nav-links';
import { navMessages } from './shell.messages';
import { ShortcutsMenuItem } from './shortcuts/shortcuts-menu-item';
import classes from './nav-bar.module.css';

function usePathname(): string {
  return useLocation({ select: (location) => location.pathname });
}

function TopLink({ link }: { link: typeof HOME_LINK | typeof APPOINTMENTS_LINK | typeof MESSAGES_LINK }) {
  const t = useStore(navMessages);
  const active = isActivePath(usePathname(), link.match);
  return (
    <Link
      to={link.to}
      className={classes.link}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {t[link.name]}
    </Link>
  );
}

function PrescriptionsMenu() {
  const t = useStore(navMessages);
  const pathname = usePathname();
  const active = isActivePath(pathname, PRESCRIPTIONS_MATCH);
  return (
    <Menu position="bottom-start" offset={0} width={240}>
      <Menu.Target>
        <button type="button" className={classes.link} data-active={active || undefined}>
          {t.prescriptions}
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
  const t = useStore(navMessages);
  const active = isActivePath(pathname, link.to);
  return (
    <Menu.Item
      className={active ? classes.menuItemActive : undefined}
      renderRoot={(props) => <Link {...props} to={link.to} aria-current={active ? 'page' : undefined} />}
    >
      {t[link.name]}
    </Menu.Item>
  );
}

/** Who is signed in, atop the user menu: their staff name, else their email (issue 19). */
function SignedInLabel() {
  const t = useStore(navMessages);
  const person = useAdmittedPerson();
  const name = person ? (person.name ?? person.email) : null;
  return name ? (
    <Menu.Label data-testid="signed-in-as" className={classes.signedInAs}>
      {t.signedInAs({ name })}
    </Menu.Label>
  ) : null;
}

function UserMenu({ onLogout }: { onLogout: () => void }) {
  const t = useStore(navMessages);
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<UserIcon size={18} />}
          rightSection={<ChevronDownIcon size={16} />}
        >
          {t.admin}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <SignedInLabel />
        <Menu.Item renderRoot={(props) => <Link {...props} to={ACCESS_LOG_LINK.to} />}>{t.accessLog}</Menu.Item>
        <ShortcutsMenuItem />
        <Menu.Item leftSection={<LockIcon size={18} />} onClick={lockNow}>
          {t.lockNow}
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={18} />} onClick={onLogout}>
          {t.logout}
        </Menu.Item>
        <Menu.Divider />
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The screen locks at once: a person stepping away from the counter. */
const lockNow = () => void import('../lib/lock').then((lock) => lock.lockNow());

function MobileMenu({ onLogout }: { onLogout: () => void }) {
  const t = useStore(navMessages);
  const [opened, setOpened] = useState(false);
  const pathname = usePathname();
  const item = (link: { name: Exclude<keyof typeof t, 'signedInAs'>; to: string }, match: string) => {
    const active = isActivePath(pathname, match);
    return (
      <Menu.Item
        key={link.to}
        className={active ? classes.menuItemActive : undefined}
        renderRoot={(props) => <Link {...props} to={link.to} aria-current={active ? 'page' : undefined} />}
      >
        {t[link.name]}
      </Menu.Item>
    );
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={260}>
      <Menu.Target>
        <Burger opened={opened} size="sm" aria-label={t.openNavigation} />
      </Menu.Target>
      <Menu.Dropdown>
        {item(HOME_LINK, HOME_LINK.match)}
        <Menu.Label>{t.prescriptions}</Menu.Label>
        {PRESCRIPTION_LINKS.map((link) => item(link, link.to))}
        <Menu.Divider />
        {item(APPOINTMENTS_LINK, APPOINTMENTS_LINK.match)}
        {item(MESSAGES_LINK, MESSAGES_LINK.match)}
        <Menu.Divider />
        <Menu.Label>{t.admin}</Menu.Label>
        <SignedInLabel />
        {item(ACCESS_LOG_LINK, ACCESS_LOG_LINK.to)}
        <ShortcutsMenuItem />
        <Menu.Item leftSection={<LockIcon size={18} />} onClick={lockNow}>
          {t.lockNow}
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={18} />} onClick={onLogout}>
          {t.logout}
        </Menu.Item>
        <Menu.Divider />
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}

export function NavBar() {
  const t = useStore(navMessages);
  const config = useRuntimeConfig();
  const logout = useLogout();
  const onLogout = () => void logout();
  return (
    <Box component="nav" aria-label={t.main} className={classes.bar}>
      <Link to="/dashboard" className={classes.brand}>
        <BrandMark size={32} />
        <span className={classes.brandName}>{config?.pharmacyName ?? t.pharmacy}</span>
        <Badge variant="filled" size="sm" radius="sm" className={classes.badge}>
          {t.badge}
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
