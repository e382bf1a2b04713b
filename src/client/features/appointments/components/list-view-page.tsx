import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useCollection } from '../../../hooks/use-collection';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import {
  APPOINTMENT_STATUS_FILTERS,
  APPOINTMENT_TYPE_FILTERS,
  filterAppointments,
  type AppointmentStatusFilter,
  type AppointmentTypeFilter,
} from '../filter-appointments';
import { AppointmentCard } from './appointment-card';
import { AppointmentModal } from './appointment-modal';
import { AppointmentsState } from './appointments-state';
import { filterMessages, listMessages } from './list.messages';
import { pagesMessages } from './pages.messages';
import { SearchInput } from '../../../components/search-input';
import { useAccessRecord, useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';
import { intlLocale } from '../../../i18n/locale';

/** Cards shown at first and added per "Show more": a year of bookings stays quick to draw. */
const PAGE = 60;

export interface ListViewPageProps {
  /** An appointment to open in the details modal at once (a link from the dashboard or a patient). */
  id?: number;
  /** The modal closed: the link's id is spent. */
  onClearId?: () => void;
}

/** 'Appointments' (spec "Appointment list page"), read from the device's cache. */
export function ListViewPage({ id, onClearId }: ListViewPageProps = {}) {
  const t = useStore(listMessages);
  const pages = useStore(pagesMessages);
  const filters = useStore(filterMessages);
  const { rows, pending, error } = useCollection('appointments');
  const { wall } = usePharmacyClock();
  const [text, setText] = useRemembered('appointments:search', '');
  const [status, setStatus] = useRemembered<AppointmentStatusFilter>('appointments:status', 'scheduled');
  const [type, setType] = useRemembered<AppointmentTypeFilter>('appointments:type', 'all');
  // "Show more" counts for one search and filter; any other starts from the first cards again.
  const [more, setMore] = useState({ key: '', shown: PAGE });
  const [openId, setOpenId] = useState<number | null>(id ?? null);
  const query = useDeferredValue(text);
  useAccessRecord({ action: 'list', collection: 'appointments', record_id: null, patient_user_id: null });
  useSearchRecord('appointments', text);

  const hits = useMemo(() => filterAppointments(rows ?? [], { text: query, status, type }), [rows, query, status, type]);
  const bookings = useMemo(() => (rows ?? []).filter((row) => row.appointment_type !== 'Blocked').length, [rows]);
  const filterKey = JSON.stringify([text, status, type]);
  const shown = more.key === filterKey ? more.shown : PAGE;
  const statusData = useMemo(() => APPOINTMENT_STATUS_FILTERS.map((value) => ({ value, label: filters[value] })), [filters]);
  const typeData = useMemo(() => APPOINTMENT_TYPE_FILTERS.map((value) => ({ value, label: filters[value] })), [filters]);
  const number = (value: number) => value.toLocaleString(intlLocale());

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {pages.listTitle}
        </Title>
        <Button component={Link} to="/appointments/calendar-view-page" variant="default">
          {pages.calendarLink}
        </Button>
      </Group>
      <Stack gap="xs">
        <SearchInput label={t.search} value={text} onChange={setText} data-testid="appointment-search" />
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t.statusFilter}
            data={statusData}
            value={status}
            onChange={(value) => setStatus(value as AppointmentStatusFilter)}
            data-testid="appointment-status-filter"
          />
          <SegmentedControl
            aria-label={t.typeFilter}
            data={typeData}
            value={type}
            onChange={(value) => setType(value as AppointmentTypeFilter)}
            data-testid="appointment-type-filter"
          />
        </Group>
        {rows ? (
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="appointment-count">
            {t.shown({ shown: number(hits.length), total: number(bookings) })}
          </Text>
        ) : null}
      </Stack>
      <AppointmentsState rows={rows} error={error} />
      {rows && hits.length === 0 ? (
        <Text c="dimmed" role="status" data-testid="appointment-list-empty">
          {t.empty}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hits.slice(0, shown).map((appointment) => (
          <li key={appointment.appointment_id}>
            <AppointmentCard
              appointment={appointment}
              entries={pending.get(appointment.appointment_id)}
              today={wall.date}
              onOpen={setOpenId}
            />
          </li>
        ))}
      </SimpleGrid>
      {hits.length > shown ? (
        <Button variant="default" onClick={() => setMore({ key: filterKey, shown: shown + PAGE })} style={{ alignSelf: 'center' }}>
          {t.showMore({ count: number(hits.length - shown) })}
        </Button>
      ) : null}
      <AppointmentModal
        appointmentId={openId}
        entries={openId === null ? undefined : pending.get(openId)}
        onClose={() => {
          setOpenId(null);
          if (id !== undefined) onClearId?.();
        }}
      />
    </Stack>
  );
}
