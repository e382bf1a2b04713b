// The one check of an email recipient taken from patient data (issue 18 §3). Patients and guests
// type their address into the customer site, which stores it as given: `v1@a.test, v2@b.test`
// would reach both, and `a@b.test\r\nBcc: x@evil.test` would add a recipient, if either reached
// the mail transport as a header. A recipient is therefore exactly one bare address: no list, no
// display name, no comment, no quoting, no control character. A value with no `@` at all (blank,
// or a guest's "call me at 416-555-0199") can never be mailed and counts as no address, so each
// action keeps what it does without one; anything else that is not one clean address is refused.

export type Recipient =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'address'; address: string };

/** RFC 5322 atext (ASCII), plus letters, marks and digits of any script (SMTPUTF8 addresses). */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?`;
const SINGLE_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');
/** C0 and C1 controls (CR, LF, NUL, tab…), DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

/** What `raw` (a stored email field) is as a recipient: no address, a refused one, or one address. */
export function recipientOf(raw: string | null | undefined): Recipient {
  if (raw == null || !raw.includes('@')) return { kind: 'none' };
  if (CONTROL.test(raw)) return { kind: 'invalid' };
  const address = raw.replace(/^ +| +$/g, '');
  const local = address.slice(0, address.lastIndexOf('@'));
  if (address.length > MAX_ADDRESS || local.length > MAX_LOCAL || !SINGLE_ADDRESS.test(address)) {
    return { kind: 'invalid' };
  }
  return { kind: 'address', address };
}

/** The refusal's code and message (a 422) for the field `field` of the record. */
export const INVALID_EMAIL_CODE = 'invalid_email';
export function invalidEmailMessage(field: string): string {
  return `${field} is not a single valid address.`;
}
