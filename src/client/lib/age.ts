// A patient's age in whole years on a given calendar day. "Today" is the pharmacy's day
// (PHARMACY_TIMEZONE), so a tablet in another zone never shows an age a day early or late.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(value: string): [number, number, number] | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return [year, month, day];
}

/**
 * Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD; a longer ISO string is cut to its
 * day). The age goes up on the birthday itself. Someone born on 29 February turns a year older
 * on 1 March in a year without one (they have not reached 29 February on the 28th). Null when the
 * date is missing, not a date, or after `today`.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: string): number | null {
  if (!dateOfBirth) return null;
  const born = parts(dateOfBirth);
  const now = parts(today);
  if (!born || !now) return null;
  const [by, bm, bd] = born;
  const [ty, tm, td] = now;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  const age = ty - by - (hadBirthday ? 0 : 1);
  return age < 0 ? null : age;
}
