// The pharmacy's wall clock (PHARMACY_TIMEZONE) at an instant, from Intl alone: what "today" and
// "now" mean for ages, the dashboard's upcoming appointments and the appointments widget.

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, 24-hour */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallClock(instant: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
}
