// The time-grid calendar of spec section 2, on the pharmacy's wall clock: it runs in UTC over
// wall-clock dates (see appointment-time.ts), so a device in another zone shows the same slots.
// FullCalendar is imported only here: it loads with the calendar routes' chunks, not before.
import { useCallback, useMemo, useState } from 'react';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventContentArg, EventMountArg } from '@fullcalendar/core';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMediaQuery } from '@mantine/hooks';
import { APPOINTMENT_MINUTES, CALENDAR_END, CALENDAR_START, SLOT_ROW_PX } from '../../../../shared/constants';
import type { Appointment } from '../../../../shared/entities';
import { wallClock } from '../../../../shared/time';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { wallIso, wallParts } from '../appointment-time';
import { calendarEvents, MARK_WORDS, type AppointmentEventProps, type DateSpan } from '../calendar-events';
import { PHONE_QUERY } from '../../../lib/media';
import classes from './appointments.module.css';

const SLOT = `00:${APPOINTMENT_MINUTES}:00`;
const PLUGINS = [timeGridPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: '' };
// Words, not FullCalendar's icon font (its icons are unlabelled images to a screen reader).
const BUTTON_TEXT = { prev: 'Previous', next: 'Next', today: 'Today' };

export interface CalendarSelection {
  /** Calendar dates: their UTC fields are the pharmacy's clock. */
  start: Date;
  end: Date;
}

interface AppointmentCalendarProps {
  rows: readonly Appointment[];
  pending: ReadonlyMap<number, readonly OutboxEntry[]>;
  timeZone: string;
  /** Where a click on an event goes (the details modal). */
  onOpen?: (appointmentId: number) => void;
  /**
   * Selectable mode (the manage page): a drag reports the range. Events let the drag through,
   * so a range over blocked time can be chosen to unblock it.
   */
  onSelect?: (selection: CalendarSelection) => void;
}

/**
 * The appointment's id on its element, for whoever needs to find it (tests, tools), and its
 * accessible name: FullCalendar names an event by its text, the time and type alone.
 */
function markElement({ el, event }: EventMountArg) {
  const props = event.extendedProps as AppointmentEventProps;
  el.dataset.appointmentId = String(props.appointmentId);
  el.setAttribute('aria-label', props.label);
}

function EventBody({ event, timeText }: EventContentArg) {
  const { mark } = event.extendedProps as AppointmentEventProps;
  return (
    <div className={classes.eventBody}>
      <span className={classes.eventTime}>{timeText}</span>
      <span className={classes.eventTitle}>{event.title}</span>
      {mark ? (
        <span className={classes.eventMark} data-testid="event-mark" data-state={mark}>
          {MARK_WORDS[mark]}
        </span>
      ) : null}
    </div>
  );
}

export function AppointmentCalendar({ rows, pending, timeZone, onOpen, onSelect }: AppointmentCalendarProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [span, setSpan] = useState<DateSpan | null>(null);
  // Kept across the phone/desktop switch, which mounts the other view.
  const [focusDate, setFocusDate] = useState<string | undefined>(undefined);

  const events = useMemo(() => (span ? calendarEvents(rows, pending, span) : []), [rows, pending, span]);
  const now = useCallback(() => {
    const wall = wallClock(new Date(), timeZone);
    return wallIso(wall.date, wall.time);
  }, [timeZone]);

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const start = wallParts(arg.start).date;
    const end = wallParts(arg.end).date;
    setSpan((old) => (old?.start === start && old.end === end ? old : { start, end }));
    setFocusDate(wallParts(arg.view.currentStart).date);
  }, []);
  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      onOpen?.((arg.event.extendedProps as AppointmentEventProps).appointmentId);
    },
    [onOpen],
  );
  const onDateSelect = useCallback((arg: DateSelectArg) => onSelect?.({ start: arg.start, end: arg.end }), [onSelect]);

  return (
    <div
      className={classes.calendar}
      style={{ ['--slot-row-height' as string]: `${SLOT_ROW_PX}px` }}
      data-selecting={onSelect ? '' : undefined}
      data-testid="appointment-calendar"
    >
      <FullCalendar
        key={phone ? 'day' : 'week'}
        plugins={PLUGINS}
        initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
        initialDate={focusDate ?? now()}
        timeZone="UTC"
        now={now}
        nowIndicator
        headerToolbar={TOOLBAR}
        buttonIcons={false}
        buttonText={BUTTON_TEXT}
        allDaySlot={false}
        slotMinTime={CALENDAR_START}
        slotMaxTime={CALENDAR_END}
        slotDuration={SLOT}
        snapDuration={SLOT}
        slotLabelInterval={SLOT}
        height="auto"
        stickyHeaderDates
        events={events}
        eventInteractive={Boolean(onOpen)}
        eventContent={EventBody}
        eventDidMount={markElement}
        eventClick={onEventClick}
        datesSet={onDatesSet}
        selectable={Boolean(onSelect)}
        selectMirror
        unselectAuto={false}
        selectLongPressDelay={300}
        select={onDateSelect}
      />
    </div>
  );
}
