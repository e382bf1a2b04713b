// The recipient check (src/server/mail/recipient.ts): exactly one bare address, or no address at
// all; a list, a display name or a control character is refused.
import { describe, expect, it } from 'vitest';
import { invalidEmailMessage, recipientOf } from '../../../src/server/mail/recipient';

/** Malicious or malformed forms: lists, display names, header injection, control characters. */
const REFUSED = [
  'v1@a.test, v2@b.test',
  'v1@a.test,v2@b.test',
  'v1@a.test; v2@b.test',
  'a@b.test\r\nBcc: x@evil.test',
  'a@b.test\nBcc: x@evil.test',
  'a@b.test\r\n',
  'a@b.test\u0000',
  'a@b.test\tx@evil.test',
  'Eve <eve@evil.test>',
  '"Eve" <eve@evil.test>',
  '<eve@evil.test>',
  'eve@evil.test (Eve)',
  '"a,b"@evil.test',
  'a@b@evil.test',
  'a..b@evil.test',
  '.a@evil.test',
  'a@evil',
  'a@-evil.test',
  'a@evil..test',
  'a@[127.0.0.1]',
  'x@evil.test\u2028Bcc: y@evil.test',
  `${'a'.repeat(65)}@evil.test`,
  `a@${'b'.repeat(250)}.test`,
  'group: a@b.test;',
];

describe('recipientOf', () => {
  it('takes one plain address, without the spaces around it', () => {
    for (const address of [
      'ada@patients.test',
      'ada.lovelace+rx@mail.patients.example.ca',
      "o'brien@example.ie",
      'x_y-z@sub-domain.example.com',
      'josé@exemple.québec',
      'MARY@EXAMPLE.COM',
    ]) {
      expect(recipientOf(address), address).toEqual({ kind: 'address', address });
    }
    expect(recipientOf('  ada@patients.test ')).toEqual({ kind: 'address', address: 'ada@patients.test' });
  });

  it('refuses every value with an @ that is not exactly one bare address', () => {
    for (const raw of REFUSED) expect(recipientOf(raw), JSON.stringify(raw)).toEqual({ kind: 'invalid' });
  });

  it('reads a value with no @ as no address (a guest typed a phone number)', () => {
    for (const raw of [null, undefined, '', '   ', 'call me at 416-555-0199', 'none\r\nBcc: nobody']) {
      expect(recipientOf(raw), JSON.stringify(raw)).toEqual({ kind: 'none' });
    }
  });

  it('names the field in its refusal', () => {
    expect(invalidEmailMessage('email')).toBe('email is not a single valid address.');
  });
});
