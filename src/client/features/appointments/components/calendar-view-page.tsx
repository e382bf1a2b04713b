import { useRef, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useCollection } from '../../../hooks/use-collection';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { AppointmentCalendar } from './appointment-calendar';
import { AppointmentModal } from './appointment-modal';
import { AppointmentsState } from './appointments-state';
import { pagesMessages } from './pages.messages';
import { useAccessRecord } from '../../../hooks/use-access-record';

/**
 * A cancelled appointment leaves the calendar, and with it the event its modal was opened from
 * (focus would fall to the page): focus goes to the calendar's title, the week shown.
 */
function focusCalendarTitle(): void {
  const title = document.querySelector<HTMLElement>('[data-testid="appointment-calendar"] .fc-toolbar-title');
  if (!title) return;
  title.tabIndex = -1;
  title.focus();
}

/** 'Appointments Dashboard' (spec "Calendar view page"), read from the device's cache. */
export function CalendarViewPage() {
  const t = useStore(pagesMessages);
  const { rows, pending, error } = useCollection('appointments');
  const { timeZone } = usePharmacyClock();
  const [openId, setOpenId] = useState<number | null>(null);
  const cancelled = useRef(false);
  useAccessRecord({ action: 'list', collection: 'appointments', record_id: null, patient_user_id: null, detail: { view: 'calendar' } });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t.calendarTitle}
        </Title>
        <Group gap="sm">
          <Button component={Link} to="/appointments/list-view-page" variant="default">
            {t.listLink}
          </Button>
          <Button component={Link} to="/appointments/manage-availabilities-page">
            {t.manageLink}
          </Button>
        </Group>
      </Group>
      <AppointmentsState rows={rows} error={error} />
      {rows ? <AppointmentCalendar rows={rows} pending={pending} timeZone={timeZone} onOpen={setOpenId} /> : null}
      <AppointmentModal
        appointmentId={openId}
        entries={openId === null ? undefined : pending.get(openId)}
        onClose={() => setOpenId(null)}
        onCancelled={() => {
          cancelled.current = true;
          setOpenId(null);
        }}
        onClosed={() => {
          if (cancelled.current) focusCalendarTitle();
          cancelled.current = false;
        }}
      />
    </Stack>
  );
}
