import { i18n } from '../../i18n/i18n';

export const calendarMessages = i18n('appointments/calendar', {
  // The toolbar's buttons: words, not FullCalendar's icon font.
  previous: 'Previous',
  next: 'Next',
  today: 'Today',
  // Their hints (title), FullCalendar's English ones for the day and week views.
  previousDay: 'Previous day',
  previousWeek: 'Previous week',
  nextDay: 'Next day',
  nextWeek: 'Next week',
  thisWeek: 'This week',
  // An event's mark, on it and in its accessible name.
  pending: 'Pending',
  conflict: 'Conflict',
});
