import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { showAlert } from '../../../components/alerts';
import { useCollection } from '../../../hooks/use-collection';
import { useOnline } from '../../../hooks/use-online';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { availabilityErrorText, changeAvailability, type AvailabilityAction } from '../api/change-availability';
import { formatSelection, rangeBody } from '../appointment-time';
import {
  BLOCK_FAILURE,
  BLOCK_LABEL,
  BLOCK_SUCCESS,
  FROM_PLACEHOLDER,
  INVALID_RANGE,
  MANAGE_LINK,
  MANAGE_TITLE,
  UNBLOCK_FAILURE,
  UNBLOCK_LABEL,
  UNBLOCK_SUCCESS,
  UNTIL_PLACEHOLDER,
} from '../appointment-texts';
import { AppointmentCalendar, type CalendarSelection } from './appointment-calendar';
import { AppointmentsState } from './appointments-state';
import classes from './appointments.module.css';

const CALENDAR_PAGE = '/appointments/calendar-view-page';
const OFFLINE_REASON =
  'Blocking and unblocking need the server, which checks the time against every booking. You are offline: connect to change availability.';

const WORDS: Record<AvailabilityAction, { success: string; failure: string }> = {
  block: { success: BLOCK_SUCCESS, failure: BLOCK_FAILURE },
  unblock: { success: UNBLOCK_SUCCESS, failure: UNBLOCK_FAILURE },
};

/** The manage page (spec "Manage availabilities page"): drag a range, then block or unblock it. */
export function ManageAvailabilitiesPage() {
  const { rows, pending, error } = useCollection('appointments');
  const { timeZone } = usePharmacyClock();
  const online = useOnline();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<CalendarSelection | null>(null);
  const [busy, setBusy] = useState<AvailabilityAction | null>(null);

  const run = async (action: AvailabilityAction) => {
    if (!selection) {
      showAlert(INVALID_RANGE, 'error');
      return;
    }
    setBusy(action);
    try {
      const count = await changeAvailability(action, rangeBody(selection.start, selection.end, timeZone));
      showAlert(WORDS[action].success, 'success');
      if (action === 'unblock' && count === 0) showAlert('There was no blocked time in that range.', 'info');
    } catch (cause) {
      showAlert(`${WORDS[action].failure} ${availabilityErrorText(cause)}`, 'error');
    } finally {
      setBusy(null);
    }
    // In every case the person returns to the calendar page (spec section 8).
    await navigate({ to: CALENDAR_PAGE });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {MANAGE_LINK}
      </Title>
      <AppointmentsState rows={rows} error={error} />
      <div className={classes.manage}>
        {rows ? (
          <AppointmentCalendar rows={rows} pending={pending} timeZone={timeZone} onSelect={setSelection} />
        ) : (
          <div />
        )}
        <aside className={classes.sidebar} aria-labelledby="availability-sidebar-title">
          <Stack gap="sm" className={classes.panel}>
            <Title order={2} size="h4" id="availability-sidebar-title">
              {MANAGE_TITLE}
            </Title>
            <Text size="sm" c="dimmed">
              Drag over the calendar to choose the time.
            </Text>
            {/* Side by side while the sidebar sits above the calendar (tablet), stacked beside it. */}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
              <TextInput
                label="From"
                readOnly
                placeholder={FROM_PLACEHOLDER}
                value={selection ? formatSelection(selection.start) : ''}
                data-testid="availability-from"
              />
              <TextInput
                label="Until"
                readOnly
                placeholder={UNTIL_PLACEHOLDER}
                value={selection ? formatSelection(selection.end) : ''}
                data-testid="availability-until"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3, md: 1 }} spacing="sm">
              <Button
                onClick={() => void run('block')}
                loading={busy === 'block'}
                disabled={!online || busy !== null}
                aria-describedby={online ? undefined : 'availability-offline'}
              >
                {BLOCK_LABEL}
              </Button>
              <Button
                variant="light"
                onClick={() => void run('unblock')}
                loading={busy === 'unblock'}
                disabled={!online || busy !== null}
                aria-describedby={online ? undefined : 'availability-offline'}
              >
                {UNBLOCK_LABEL}
              </Button>
              <Button variant="default" onClick={() => void navigate({ to: CALENDAR_PAGE })}>
                Cancel
              </Button>
            </SimpleGrid>
            {online ? null : (
              <Text id="availability-offline" size="sm" c="red.9" role="status" data-testid="availability-offline">
                {OFFLINE_REASON}
              </Text>
            )}
          </Stack>
        </aside>
      </div>
    </Stack>
  );
}
