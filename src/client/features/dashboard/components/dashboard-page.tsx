import { useMemo, type ReactNode } from 'react';
import { Badge, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { WIDGET_MAX_HEIGHT } from '../../../../shared/constants';
import { inquiryName } from '../../../../shared/inquiry-api';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { useCollection } from '../../../hooks/use-collection';
import { useHorizontalWheel } from '../../../hooks/use-horizontal-wheel';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { formatListDate } from '../../../lib/dates';
import {
  ACTIVE_TRANSFERS,
  DASHBOARD_TITLE,
  NEW_MESSAGES,
  PRESCRIPTION_REQUESTS,
  UPCOMING,
  activeTransfers,
  newMessages,
  prescriptionItems,
  upcomingItems,
} from '../widgets';
import classes from './dashboard.module.css';

const LIST_PATHS = {
  refills: '/prescriptions/refills-and-renewals',
  autofill: '/prescriptions/autofill',
  reminders: '/prescriptions/refill-reminders',
} as const;

const NONE: never[] = [];

/** The last row of a widget that draws only its first rows: how many more, opening the list. */
function MoreRow({ more, to, testId }: { more: number; to: string; testId: string }) {
  if (more === 0) return null;
  return (
    <li>
      <UnstyledButton className={classes.row} data-testid={testId} renderRoot={(props) => <Link {...props} to={to} />}>
        <Text size="sm" c="pharmacy.8" fw={600}>
          {more.toLocaleString('en-CA')} more: open the list
        </Text>
      </UnstyledButton>
    </li>
  );
}

function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  return (
    <Badge color="red.8" variant="filled" circle={count < 10} aria-label={`${count} ${label}`} data-testid={testId}>
      {count}
    </Badge>
  );
}

function Widget({ title, count, testId, empty, children }: { title: string; count: number; testId: string; empty: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <CountBadge count={count} label={title} testId={`${testId}-count`} />
      </Group>
      <ScrollArea.Autosize mah={WIDGET_MAX_HEIGHT} type="auto" data-testid={`${testId}-scroll`}>
        {count === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            {empty}
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {children}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** 'Admin Dashboard' (spec section 2), from the device's cache: it works offline. */
const DASHBOARD_SHOWN = { action: 'list', collection: null, record_id: null, patient_user_id: null, detail: { screen: 'dashboard' } } as const;

export function DashboardPage() {
  // The dashboard shows patients' names from several lists: one entry in the access log.
  useAccessRecord(DASHBOARD_SHOWN);
  const { now, wall } = usePharmacyClock();
  const inquiries = useCollection('inquiries').rows ?? NONE;
  const refills = useCollection('refills').rows ?? NONE;
  const autofill = useCollection('autofill').rows ?? NONE;
  const reminders = useCollection('reminders').rows ?? NONE;
  const appointments = useCollection('appointments').rows ?? NONE;
  const transfers = useCollection('transfers').rows ?? NONE;

  const cards = useMemo(() => newMessages(inquiries), [inquiries]);
  const prescriptionRows = useMemo(() => prescriptionItems({ refills, autofill, reminders }), [refills, autofill, reminders]);
  const upcomingRows = useMemo(() => upcomingItems(appointments, wall), [appointments, wall]);
  const transferShown = useMemo(() => activeTransfers(transfers), [transfers]);
  const stripRef = useHorizontalWheel();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {DASHBOARD_TITLE}
      </Title>

      <Paper withBorder radius="md" p="sm" component="section" aria-label={NEW_MESSAGES} data-testid="dashboard-messages">
        <Group gap="xs" mb="xs">
          <Title order={2} size="h4">
            {NEW_MESSAGES}
          </Title>
          <CountBadge count={cards.count} label="unresolved inquiries" testId="dashboard-messages-count" />
        </Group>
        {cards.count === 0 ? (
          <Text size="sm" c="dimmed">
            No new messages.
          </Text>
        ) : (
          <div ref={stripRef} className={classes.strip} data-testid="dashboard-messages-strip" tabIndex={0} aria-label="New messages, scroll sideways">
            {cards.shown.map((inquiry) => (
              <UnstyledButton
                key={inquiry.message_id}
                className={classes.card}
                data-testid="dashboard-message-card"
                renderRoot={(props) => <Link {...props} to="/messages" search={{ id: inquiry.message_id, filter: 'All' }} />}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate="end">
                    {inquiryName(inquiry)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                    {formatListDate(inquiry.created_at, now)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {inquiry.message}
                </Text>
              </UnstyledButton>
            ))}
            {cards.more > 0 && (
              <UnstyledButton
                className={classes.card}
                data-testid="dashboard-messages-more"
                renderRoot={(props) => <Link {...props} to="/messages" search={{ filter: 'New' }} />}
              >
                <Text size="sm" c="pharmacy.8" fw={600}>
                  {cards.more.toLocaleString('en-CA')} more: open the messages
                </Text>
              </UnstyledButton>
            )}
          </div>
        )}
      </Paper>

      <div className={classes.widgets}>
        <Widget title={PRESCRIPTION_REQUESTS} count={prescriptionRows.count} testId="widget-prescriptions" empty="No active requests.">
          {prescriptionRows.shown.map((item) => (
            <li key={`${item.collection}-${item.id}`}>
              <UnstyledButton
                className={classes.row}
                data-testid="widget-prescriptions-row"
                renderRoot={(props) => <Link {...props} to={LIST_PATHS[item.collection]} search={{ id: item.id, filter: 'all' }} />}
              >
                <span style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {item.type} · Rx {item.rx_number}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {item.service}
                  </Text>
                </span>
                <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                  {formatListDate(item.created_at, now)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          <MoreRow more={prescriptionRows.more} to="/prescriptions/refills-and-renewals" testId="widget-prescriptions-more" />
        </Widget>
        <Widget title={UPCOMING} count={upcomingRows.count} testId="widget-upcoming" empty="No upcoming appointments.">
          {upcomingRows.shown.map((item) => (
            <li key={item.id}>
              <UnstyledButton
                className={classes.row}
                data-testid="widget-upcoming-row"
                renderRoot={(props) => <Link {...props} to="/appointments/list-view-page" search={{ id: item.id }} />}
              >
                <Text size="sm" fw={600}>
                  {item.appointment_type}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                  {item.date === wall.date ? 'Today' : item.date} at {item.start_time}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          <MoreRow more={upcomingRows.more} to="/appointments/list-view-page" testId="widget-upcoming-more" />
        </Widget>
        <Widget title={ACTIVE_TRANSFERS} count={transferShown.count} testId="widget-transfers" empty="No active transfers.">
          {transferShown.shown.map((transfer) => (
            <li key={transfer.transfer_id}>
              <UnstyledButton
                className={classes.row}
                data-testid="widget-transfers-row"
                renderRoot={(props) => <Link {...props} to="/prescriptions/transfers" search={{ id: transfer.transfer_id, filter: 'all' }} />}
              >
                <span style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {transfer.first_name} {transfer.last_name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    From {transfer.pharmacy_name}
                  </Text>
                </span>
                <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                  {formatListDate(transfer.created_at, now)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          <MoreRow more={transferShown.more} to="/prescriptions/transfers" testId="widget-transfers-more" />
        </Widget>
      </div>
    </Stack>
  );
}
