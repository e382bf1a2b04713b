// A staff member's name (issue 19): what the product says wherever it says who did something.
// Kept as the `staff_name` custom claim of the account, beside the role: only the server's
// credentials can set a claim (`npm run admin`), whereas the account's own profile name
// (displayName) can be changed by its holder from any browser, which would let someone write
// another name into the access log.

/** The custom claim that holds the name (not `name`: Firebase fills that from the profile). */
export const STAFF_NAME_CLAIM = 'staff_name';

import { STAFF_NAME_MAX } from '../../shared/entities';

export { STAFF_NAME_MAX };

/**
 * Control characters and the bidirectional controls that would let a name rearrange the text
 * around it in the log or its CSV export (white space, line breaks included, is folded first).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A name as given (the command line) made into the name kept, or why it cannot be one. */
export function normalizeStaffName(given: string): { ok: true; name: string } | { ok: false; problem: string } {
  const name = given.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (FORBIDDEN.test(name)) return { ok: false, problem: 'A name may not hold control characters.' };
  if (name === '') return { ok: false, problem: 'A name may not be empty.' };
  const length = [...name].length;
  if (length > STAFF_NAME_MAX) {
    return { ok: false, problem: `A name may be at most ${STAFF_NAME_MAX} characters long (this one has ${length}).` };
  }
  return { ok: true, name };
}

/** The name an account's claims hold, or null (none, or one this version would not have set). */
export function staffNameOf(claims: Record<string, unknown> | undefined): string | null {
  const value = claims?.[STAFF_NAME_CLAIM];
  if (typeof value !== 'string') return null;
  const normalized = normalizeStaffName(value);
  return normalized.ok ? normalized.name : null;
}

/** What the product says for a staff member: their name, else their account's email. */
export function staffWords(person: { name: string | null; email: string | null }): string | null {
  return person.name ?? person.email;
}
