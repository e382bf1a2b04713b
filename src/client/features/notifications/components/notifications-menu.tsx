import { useState } from 'react';
import { ActionIcon, Anchor, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { BellIcon } from '../../../components/icons';
import { useNow } from '../../../hooks/use-now';
import { formatListDate } from '../../../lib/dates';
import { useTransferNotifications } from '../hooks/use-transfer-notifications';
import { notificationMessages } from '../notifications.messages';
import { mergeNotifications, type TransferNotification } from '../transfer-notifications';
import classes from './notifications-menu.module.css';

/**
 * The bell of the navigation bar: 'New transfer request!' for each transfer that arrived since
 * this person last looked on this device, a count on the bell, 'No new notifications' otherwise.
 * Opening it marks them seen; they stay listed until it closes. A popover (a small dialog).
 */
export function NotificationsMenu() {
  const t = useStore(notificationMessages);
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState<TransferNotification[]>([]);
  const { items, markSeen } = useTransferNotifications();
  // The time as the lists show it (record rows): the same clock for the same record.
  const now = useNow();
  const listed = opened ? mergeNotifications(shown, items) : [];

  const change = (next: boolean) => {
    if (next) setShown(items);
    markSeen();
    setOpened(next);
  };

  return (
    <Popover opened={opened} onDismiss={() => change(false)} position="bottom-end" width={290} shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          // The count drawn on the bell is part of its name, "Notifications, 3 new" (WCAG 2.5.3:
          // axe's label-content-name-mismatch), so it is drawn whole, never as "99+".
          aria-label={items.length > 0 ? `${t.notifications}, ${t.newCount(items.length)}` : t.notifications}
          onClick={() => change(!opened)}
          // Focus stays on the bell after a click: Escape closes from there too.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) change(false);
          }}
        >
          <Indicator
            color="red"
            size={16}
            offset={2}
            label={items.length}
            disabled={items.length === 0}
            data-testid="notifications-count"
          >
            <BellIcon size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={t.notifications}>
        {listed.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" py={6}>
            {t.none}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={2}>
              {listed.map((item) => (
                <Anchor
                  key={item.transferId}
                  className={classes.item}
                  underline="never"
                  onClick={() => change(false)}
                  renderRoot={(props) => <Link {...props} to="/prescriptions/transfers" search={{ id: item.transferId }} />}
                >
                  <Text component="span" size="sm" fw={600} display="block">
                    {t.newTransfer}
                  </Text>
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {item.name} · {formatListDate(item.createdAt, now)}
                  </Text>
                </Anchor>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
