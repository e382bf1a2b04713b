import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { WIDGET_MAX_HEIGHT } from '../../../../shared/constants';
import type { Inquiry } from '../../../../shared/entities';
import { intlLocale } from '../../../i18n/locale';
import { useAccessRecord } from '../../../hooks/use-access-record';
import { useCollection } from '../../../hooks/use-collection';
import { useHorizontalWheel } from '../../../hooks/use-horizontal-wheel';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { formatListDate } from '../../../lib/dates';
import { dashboardMessages } from '../dashboard.messages';
import { activeTransfers, newMessages, prescriptionItems, upcomingItems } from '../widgets';
import { isActive } from '../../../../shared/inquiry-api';
import { useAdmittedPerson } from '../../../hooks/use-session';
import { countMine } from '../../../components/assignment/assignee-filter';
import { MineCount } from '../../../components/assignment/mine-count';
import { useCachedListsRead } from '../use-cached-lists-read';
import classes from './dashboard.module.css';

const LIST_PATHS = {
  refills: '/prescriptions/refills-and-renewals',
  autofill: '/prescriptions/autofill',
  reminders: '/prescriptions/refill-reminders',
} as const;

const NONE: never[] = [];

/** The lists the dashboard shows, the route's loader warms them. */
const DASHBOARD_LISTS = ['inquiries', 'refills', 'autofill', 'reminders', 'appointments', 'transfers'] as const;

type DashboardTexts = ReturnType<typeof dashboardMessages.get>;

/** "1,234" as the language writes it (English: en-CA's, as the counts always were). */
const more = (count: number) => count.toLocaleString(intlLocale() ?? 'en-CA');

/** The name an inquiry shows (shared/inquiry-api's inquiryName), 'Unknown User' in the language shown. */
function inquiryName(t: DashboardTexts, inquiry: Pick<Inquiry, 'first_name' | 'last_name'>): string {
  return `${inquiry.first_name ?? ''} ${inquiry.last_name ?? ''}`.trim() || t.unknownUser;
}

/** The last row of a widget that draws only its first rows: how many more, opening the list. */
function MoreRow({ more: count, to, testId }: { more: number; to: string; testId: string }) {
  const t = useStore(dashboardMessages);
  if (count === 0) return null;
  return (
    <li>
      <Link className={classes.row} data-testid={testId} to={to}>
        <p className={classes.more}>{t.moreList({ count: more(count) })}</p>
      </Link>
    </li>
  );
}

function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  return (
    <Badge color="red.8" variant="filled" circle={count < 10} aria-label={label} data-testid={testId}>
      {count}
    </Badge>
  );
}

function Widget({
  title,
  count,
  mine,
  testId,
  empty,
  children,
}: {
  title: string;
  count: number;
  /** How many are the person's own (issue 19); absent for a widget of what cannot be assigned. */
  mine?: number;
  testId: string;
  empty: string;
  children: ReactNode;
}) {
  const t = useStore(dashboardMessages);
  return (
    <Paper withBorder radius="md" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {/* The counts never shrink: on a phone the title wraps instead ("5…" said nothing). */}
        <Group gap={6} wrap="nowrap" style={{ flex: '0 0 auto' }}>
          {mine !== undefined ? <MineCount count={mine} testId={`${testId}-mine`} /> : null}
          <CountBadge count={count} label={t.countOf({ count, label: title })} testId={`${testId}-count`} />
        </Group>
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

/** A cached list as the widgets compute from it (the page's first render: the rows as read). */
function useListRows<K extends (typeof DASHBOARD_LISTS)[number]>(name: K) {
  return useDeferredValue(useCollection(name).rows ?? NONE);
}

/**
 * The widgets take a list's change up in a background render (useDeferredValue: done in slices,
 * between which keys and frames go first), so a first sync pouring 100,000 transfers in does not
 * make a long task of each widget's count; each widget is drawn again only when its own lists
 * have changed (memo), never in the urgent render of a change.
 */
export function DashboardPage() {
  // The dashboard shows patients' names from several lists: one entry in the access log.
  useAccessRecord(DASHBOARD_SHOWN);
  const t = useStore(dashboardMessages);
  const { now, wall } = usePharmacyClock();
  const listsRead = useCachedListsRead(DASHBOARD_LISTS);
  const uid = useAdmittedPerson()?.uid ?? null;
  const inquiries = useListRows('inquiries');
  const refills = useListRows('refills');
  const autofill = useListRows('autofill');
  const reminders = useListRows('reminders');
  const appointments = useListRows('appointments');
  const transfers = useListRows('transfers');

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t.title}
      </Title>

      {listsRead && (
        <>
          <MessagesStrip inquiries={inquiries} now={now} uid={uid} />
          <div className={classes.widgets}>
            <PrescriptionsWidget refills={refills} autofill={autofill} reminders={reminders} now={now} uid={uid} />
            <UpcomingWidget appointments={appointments} wall={wall} />
            <TransfersWidget transfers={transfers} now={now} uid={uid} />
          </div>
        </>
      )}
    </Stack>
  );
}

type Clock = ReturnType<typeof usePharmacyClock>;
type Rows<K extends (typeof DASHBOARD_LISTS)[number]> = ReturnType<typeof useListRows<K>>;

/** A widget's row of two lines (who or what, and from where) and its date, opening the record in its list. */
function TwoLineRow({ testId, link, name, detail, createdAt, now }: {
  testId: string;
  link: LinkProps;
  name: ReactNode;
  detail: string;
  createdAt: string;
  now: Clock['now'];
}) {
  return (
    <li>
      <Link {...link} className={classes.row} data-testid={testId}>
        <span className={classes.lines}>
          <p className={classes.name}>{name}</p>
          <p className={classes.detail}>{detail}</p>
        </span>
        <p className={classes.when}>{formatListDate(createdAt, now)}</p>
      </Link>
    </li>
  );
}

const MessagesStrip = memo(function MessagesStrip({ inquiries, now, uid }: { inquiries: Rows<'inquiries'>; now: Clock['now']; uid: string | null }) {
  const t = useStore(dashboardMessages);
  const cards = useMemo(() => newMessages(inquiries), [inquiries]);
  const mine = useMemo(() => countMine(inquiries, uid, (inquiry) => !inquiry.resolved), [inquiries, uid]);
  const stripRef = useHorizontalWheel();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t.newMessages} data-testid="dashboard-messages">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h4">
          {t.newMessages}
        </Title>
        <CountBadge count={cards.count} label={t.unresolved(cards.count)} testId="dashboard-messages-count" />
        <MineCount count={mine} testId="dashboard-messages-mine" />
      </Group>
      {cards.count === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noNewMessages}
        </Text>
      ) : (
        <div ref={stripRef} className={classes.strip} data-testid="dashboard-messages-strip" tabIndex={0} aria-label={t.scrollSideways}>
          {cards.shown.map((inquiry) => (
            <Link
              key={inquiry.message_id}
              className={classes.card}
              data-testid="dashboard-message-card"
              to="/messages"
              search={{ id: inquiry.message_id, filter: 'All' }}
            >
              <div className={classes.cardHead}>
                <p className={classes.name}>{inquiryName(t, inquiry)}</p>
                <p className={classes.when}>{formatListDate(inquiry.created_at, now)}</p>
              </div>
              <p className={classes.message}>{inquiry.message}</p>
            </Link>
          ))}
          {cards.more > 0 && (
            <Link className={classes.card} data-testid="dashboard-messages-more" to="/messages" search={{ filter: 'New' }}>
              <p className={classes.more}>{t.moreMessages({ count: more(cards.more) })}</p>
            </Link>
          )}
        </div>
      )}
    </Paper>
  );
});

const PrescriptionsWidget = memo(function PrescriptionsWidget({
  refills,
  autofill,
  reminders,
  now,
  uid,
}: {
  refills: Rows<'refills'>;
  autofill: Rows<'autofill'>;
  reminders: Rows<'reminders'>;
  now: Clock['now'];
  uid: string | null;
}) {
  const t = useStore(dashboardMessages);
  const rows = useMemo(() => prescriptionItems({ refills, autofill, reminders }), [refills, autofill, reminders]);
  const mine = useMemo(
    () => countMine(refills, uid, isActive) + countMine(autofill, uid, isActive) + countMine(reminders, uid, isActive),
    [refills, autofill, reminders, uid],
  );
  return (
    <Widget title={t.prescriptionRequests} count={rows.count} mine={mine} testId="widget-prescriptions" empty={t.noActiveRequests}>
      {rows.shown.map((item) => (
        <TwoLineRow
          key={`${item.collection}-${item.id}`}
          testId="widget-prescriptions-row"
          link={{ to: LIST_PATHS[item.collection], search: { id: item.id, filter: 'all' } }}
          name={t.prescription({ type: t[item.type], rx: item.rx_number })}
          detail={t[item.collection]}
          createdAt={item.created_at}
          now={now}
        />
      ))}
      <MoreRow more={rows.more} to="/prescriptions/refills-and-renewals" testId="widget-prescriptions-more" />
    </Widget>
  );
});

const UpcomingWidget = memo(function UpcomingWidget({ appointments, wall }: { appointments: Rows<'appointments'>; wall: Clock['wall'] }) {
  const t = useStore(dashboardMessages);
  const rows = useMemo(() => upcomingItems(appointments, wall), [appointments, wall]);
  return (
    <Widget title={t.upcoming} count={rows.count} testId="widget-upcoming" empty={t.noUpcoming}>
      {rows.shown.map((item) => (
        <li key={item.id}>
          <Link className={classes.row} data-testid="widget-upcoming-row" to="/appointments/list-view-page" search={{ id: item.id }}>
            <p className={classes.label}>{t[item.appointment_type]}</p>
            <p className={classes.when}>
              {item.date === wall.date ? t.todayAt({ time: item.start_time }) : t.dayAt({ date: item.date, time: item.start_time })}
            </p>
          </Link>
        </li>
      ))}
      <MoreRow more={rows.more} to="/appointments/list-view-page" testId="widget-upcoming-more" />
    </Widget>
  );
});

const TransfersWidget = memo(function TransfersWidget({ transfers, now, uid }: { transfers: Rows<'transfers'>; now: Clock['now']; uid: string | null }) {
  const t = useStore(dashboardMessages);
  const rows = useMemo(() => activeTransfers(transfers), [transfers]);
  const mine = useMemo(() => countMine(transfers, uid, isActive), [transfers, uid]);
  return (
    <Widget title={t.activeTransfers} count={rows.count} mine={mine} testId="widget-transfers" empty={t.noActiveTransfers}>
      {rows.shown.map((transfer) => (
        <TwoLineRow
          key={transfer.transfer_id}
          testId="widget-transfers-row"
          link={{ to: '/prescriptions/transfers', search: { id: transfer.transfer_id, filter: 'all' } }}
          name={
            <>
              {transfer.first_name} {transfer.last_name}
            </>
          }
          detail={t.fromPharmacy({ pharmacy: transfer.pharmacy_name })}
          createdAt={transfer.created_at}
          now={now}
        />
      ))}
      <MoreRow more={rows.more} to="/prescriptions/transfers" testId="widget-transfers-more" />
    </Widget>
  );
});
