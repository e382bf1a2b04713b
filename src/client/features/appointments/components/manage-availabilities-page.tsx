import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { showAlert } from '../../../components/alerts';
import { useCollection } from '../../../hooks/use-collection';
import { useOnline } from '../../../hooks/use-online';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { availabilityErrorText, changeAvailability, type AvailabilityAction } from '../api/change-availability';
import { formatSelection, parseSelection, rangeBody } from '../appointment-time';
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

const TYPED_HINT = 'Type a date and time (2026-11-24 14:10) or drag over the calendar.';
const NOT_A_TIME = 'Not a date and time: type it as 2026-11-24 14:10.';

/** The range in From and Until, when both hold a real date and time and Until comes later. */
function typedRange(from: string, until: string): CalendarSelection | null {
  const start = parseSelection(from);
  const end = parseSelection(until);
  return start && end && end > start ? { start, end } : null;
}

/**
 * The manage page (spec "Manage availabilities page"): drag a range, or type it into From and
 * Until (WCAG 2.2 2.5.7: dragging is never the only way), then block or unblock it.
 */
export function ManageAvailabilitiesPage() {
  const { rows, pending, error } = useCollection('appointments');
  const { timeZone } = usePharmacyClock();
  const online = useOnline();
  const navigate = useNavigate();
  // What the two fields hold: a drag writes both, the person may type or edit either.
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [checked, setChecked] = useState({ from: false, until: false });
  const [busy, setBusy] = useState<AvailabilityAction | null>(null);

  const onDrag = (dragged: CalendarSelection) => {
    setFrom(formatSelection(dragged.start));
    setUntil(formatSelection(dragged.end));
    setChecked({ from: false, until: false });
  };
  const fieldError = (text: string, shown: boolean) => (shown && text.trim() !== '' && !parseSelection(text) ? NOT_A_TIME : null);

  const run = async (action: AvailabilityAction) => {
    const selection = typedRange(from, until);
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
          <AppointmentCalendar rows={rows} pending={pending} timeZone={timeZone} onSelect={onDrag} />
        ) : (
          <div />
        )}
        <aside className={classes.sidebar} aria-labelledby="availability-sidebar-title">
          <Stack gap="sm" className={classes.panel}>
            <Title order={2} size="h4" id="availability-sidebar-title">
              {MANAGE_TITLE}
            </Title>
            <Text size="sm" c="dimmed">
              {TYPED_HINT}
            </Text>
            {/* Side by side while the sidebar sits above the calendar (tablet), stacked beside it. */}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
              <TextInput
                label="From"
                placeholder={FROM_PLACEHOLDER}
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
                onBlur={() => setChecked((c) => ({ ...c, from: true }))}
                error={fieldError(from, checked.from)}
                autoComplete="off"
                data-testid="availability-from"
              />
              <TextInput
                label="Until"
                placeholder={UNTIL_PLACEHOLDER}
                value={until}
                onChange={(event) => setUntil(event.currentTarget.value)}
                onBlur={() => setChecked((c) => ({ ...c, until: true }))}
                error={fieldError(until, checked.until)}
                autoComplete="off"
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
