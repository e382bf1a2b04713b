import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { useNavigate } from '@tanstack/react-router';
import { showAlert } from '../../../components/alerts';
import { useCollection } from '../../../hooks/use-collection';
import { useOnline } from '../../../hooks/use-online';
import { usePharmacyClock } from '../../../hooks/use-pharmacy-clock';
import { intlLocale } from '../../../i18n/locale';
import { availabilityErrorText, changeAvailability, type AvailabilityAction } from '../api/change-availability';
import { formatSelection, parseSelection, rangeBody } from '../appointment-time';
import { availabilityMessages } from '../availability.messages';
import { AppointmentCalendar, type CalendarSelection } from './appointment-calendar';
import { AppointmentsState } from './appointments-state';
import classes from './appointments.module.css';
import { pagesMessages } from './pages.messages';

const CALENDAR_PAGE = '/appointments/calendar-view-page';

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
  const t = useStore(availabilityMessages);
  const pages = useStore(pagesMessages);
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
    setFrom(formatSelection(dragged.start, intlLocale()));
    setUntil(formatSelection(dragged.end, intlLocale()));
    setChecked({ from: false, until: false });
  };
  const fieldError = (text: string, shown: boolean) => (shown && text.trim() !== '' && !parseSelection(text) ? t.notATime : null);

  const run = async (action: AvailabilityAction) => {
    const selection = typedRange(from, until);
    if (!selection) {
      showAlert(t.invalidRange, 'error');
      return;
    }
    setBusy(action);
    try {
      const count = await changeAvailability(action, rangeBody(selection.start, selection.end, timeZone));
      showAlert(action === 'block' ? t.blockSuccess : t.unblockSuccess, 'success');
      if (action === 'unblock' && count === 0) showAlert(t.nothingUnblocked, 'info');
    } catch (cause) {
      showAlert(`${action === 'block' ? t.blockFailure : t.unblockFailure} ${availabilityErrorText(cause)}`, 'error');
    } finally {
      setBusy(null);
    }
    // In every case the person returns to the calendar page (spec section 8).
    await navigate({ to: CALENDAR_PAGE });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {pages.manageLink}
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
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.hint}
            </Text>
            {/* Side by side while the sidebar sits above the calendar (tablet), stacked beside it. */}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
              <TextInput
                label={t.from}
                placeholder={t.fromPlaceholder}
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
                onBlur={() => setChecked((c) => ({ ...c, from: true }))}
                error={fieldError(from, checked.from)}
                autoComplete="off"
                data-testid="availability-from"
              />
              <TextInput
                label={t.until}
                placeholder={t.untilPlaceholder}
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
                {t.block}
              </Button>
              <Button
                variant="light"
                onClick={() => void run('unblock')}
                loading={busy === 'unblock'}
                disabled={!online || busy !== null}
                aria-describedby={online ? undefined : 'availability-offline'}
              >
                {t.unblock}
              </Button>
              <Button variant="default" onClick={() => void navigate({ to: CALENDAR_PAGE })}>
                {t.cancel}
              </Button>
            </SimpleGrid>
            {online ? null : (
              <Text id="availability-offline" size="sm" c="red.9" role="status" data-testid="availability-offline">
                {t.offline}
              </Text>
            )}
          </Stack>
        </aside>
      </div>
    </Stack>
  );
}
