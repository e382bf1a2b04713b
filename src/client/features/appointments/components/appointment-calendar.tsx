// The time-grid calendar of spec section 2, on the pharmacy's wall clock: it runs in UTC over
// wall-clock dates (see appointment-time.ts), so a device in another zone shows the same slots.
// FullCalendar is imported only here: it loads with the calendar routes' chunks, not before.
import { useCallback, useMemo, useState } from 'react';
import type { CalendarOptions, DateSelectArg, DatesSetArg, EventClickArg, EventContentArg, EventMountArg } from '@fullcalendar/core';
import frCaLocale from '@fullcalendar/core/locales/fr-ca';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMediaQuery } from '@mantine/hooks';
import { useStore } from '@nanostores/react';
import { APPOINTMENT_MINUTES, CALENDAR_END, CALENDAR_START, SLOT_ROW_PX } from '../../../../shared/constants';
import type { Appointment } from '../../../../shared/entities';
import { wallClock } from '../../../../shared/time';
import { locale } from '../../../i18n/locale';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { wallIso, wallParts } from '../appointment-time';
import { calendarEvents, eventWords, type AppointmentEventProps, type DateSpan, type EventWords } from '../calendar-events';
import { PHONE_QUERY } from '../../../lib/media';
import classes from './appointments.module.css';

const SLOT = `00:${APPOINTMENT_MINUTES}:00`;
const PLUGINS = [timeGridPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: '' };
// French: FullCalendar's Canadian French, its dates and times written as Intl's fr-CA writes
// them elsewhere in the app; every slot as '9 h 00' (the hour alone would read '09 h'), the
// week's days as 'dim. 22' (not fr-CA's 'dim. 11-22'). English passes no locale, as before:
// FullCalendar's English in the browser's formats.
const FRENCH: CalendarOptions = {
  locale: { ...frCaLocale, code: 'fr-CA' },
  slotLabelFormat: { hour: 'numeric', minute: '2-digit' },
  views: { timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } } },
};

/** The toolbar's words (not FullCalendar's icon font: its icons are unlabelled images to a screen reader) and hints. */
function toolbarOptions({ calendar: t }: EventWords): CalendarOptions {
  return {
    buttonText: { prev: t.previous, next: t.next, today: t.today },
    buttonHints: {
      prev: (_text: string, unit: string) => (unit === 'day' ? t.previousDay : t.previousWeek),
      next: (_text: string, unit: string) => (unit === 'day' ? t.nextDay : t.nextWeek),
      today: (_text: string, unit: string) => (unit === 'day' ? t.today : t.thisWeek),
    },
  };
}

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

/** An event's face: its time, its type, and its mark in `words`. */
function eventBody(words: EventWords) {
  return function EventBody({ event, timeText }: EventContentArg) {
    const { mark } = event.extendedProps as AppointmentEventProps;
    return (
      <div className={classes.eventBody}>
        <span className={classes.eventTime}>{timeText}</span>
        <span className={classes.eventTitle}>{event.title}</span>
        {mark ? (
          <span className={classes.eventMark} data-testid="event-mark" data-state={mark}>
            {words.calendar[mark]}
          </span>
        ) : null}
      </div>
    );
  };
}

export function AppointmentCalendar({ rows, pending, timeZone, onOpen, onSelect }: AppointmentCalendarProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const words = useStore(eventWords);
  const french = useStore(locale) === 'fr';
  const [span, setSpan] = useState<DateSpan | null>(null);
  // Kept across the phone/desktop switch, which mounts the other view.
  const [focusDate, setFocusDate] = useState<string | undefined>(undefined);

  const events = useMemo(() => (span ? calendarEvents(rows, pending, span, words) : []), [rows, pending, span, words]);
  const toolbar = useMemo(() => toolbarOptions(words), [words]);
  const eventContent = useMemo(() => eventBody(words), [words]);
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
        // A new language mounts it afresh on the same dates: English sets no locale, and an option
        // taken away from a live calendar would linger.
        key={`${phone ? 'day' : 'week'}-${french ? 'fr' : 'en'}`}
        {...(french ? FRENCH : null)}
        {...toolbar}
        plugins={PLUGINS}
        initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
        initialDate={focusDate ?? now()}
        timeZone="UTC"
        now={now}
        nowIndicator
        headerToolbar={TOOLBAR}
        buttonIcons={false}
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
        eventContent={eventContent}
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
