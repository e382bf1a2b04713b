// A patient's age in whole years on a given calendar day. "Today" is the pharmacy's day
// (PHARMACY_TIMEZONE), so a tablet in another zone never shows an age a day early or late.
import { calendarDate } from '../../shared/time';

/**
 * Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD; a longer ISO string is cut to its
 * day). The age goes up on the birthday itself. Someone born on 29 February turns a year older
 * on 1 March in a year without one (they have not reached 29 February on the 28th). Null when the
 * date is missing, not a day of the calendar, or after `today`.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: string): number | null {
  if (!dateOfBirth) return null;
  const born = calendarDate(dateOfBirth.slice(0, 10));
  const now = calendarDate(today.slice(0, 10));
  if (!born || !now) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age < 0 ? null : age;
}
