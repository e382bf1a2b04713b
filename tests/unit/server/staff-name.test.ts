// Staff names (issue 19): what `npm run admin` keeps as a name, what the server reads back from
// the claim, and the command's arguments.
import { describe, expect, it } from 'vitest';
import { normalizeStaffName, STAFF_NAME_MAX, staffNameOf, staffWords } from '../../../src/server/auth/staff-name';
import { parseAdminArgs } from '../../../src/server/cli/admin-args';

describe('normalizeStaffName', () => {
  it('trims, folds runs of white space into one space, and keeps the letters as written', () => {
    expect(normalizeStaffName('  Priya   Shah ')).toEqual({ ok: true, name: 'Priya Shah' });
    expect(normalizeStaffName('Zoë\u00a0Côté-Tremblay')).toEqual({ ok: true, name: 'Zoë Côté-Tremblay' });
    // Composed once (NFC), so one name is always stored the same way.
    expect(normalizeStaffName('Rene\u0301e')).toEqual({ ok: true, name: 'Ren\u00e9e' });
  });

  it('folds line breaks and tabs as white space', () => {
    expect(normalizeStaffName('Priya\r\nShah\t')).toEqual({ ok: true, name: 'Priya Shah' });
    expect(normalizeStaffName('Priya\u2028Shah')).toEqual({ ok: true, name: 'Priya Shah' });
  });

  it('refuses an empty name, control characters and direction overrides', () => {
    for (const given of ['', '   ', '\t\n']) expect(normalizeStaffName(given)).toMatchObject({ ok: false, problem: expect.stringMatching(/empty/) });
    for (const given of ['Priya\u0000', 'A\u202eB', 'A\u2066B', '\u0007Bell', 'A\u009bB']) {
      expect(normalizeStaffName(given), JSON.stringify(given)).toMatchObject({ ok: false, problem: expect.stringMatching(/control/) });
    }
  });

  it(`keeps at most ${STAFF_NAME_MAX} characters, counted as people count them`, () => {
    expect(normalizeStaffName('a'.repeat(STAFF_NAME_MAX))).toMatchObject({ ok: true });
    expect(normalizeStaffName('a'.repeat(STAFF_NAME_MAX + 1))).toMatchObject({ ok: false, problem: expect.stringContaining(`${STAFF_NAME_MAX + 1}`) });
    // Letters beyond the 16-bit range count once each.
    expect(normalizeStaffName('𝒜'.repeat(STAFF_NAME_MAX))).toMatchObject({ ok: true });
  });
});

describe('staffNameOf (the claim, as the server reads it)', () => {
  it('reads the staff_name claim, and nothing else', () => {
    expect(staffNameOf({ role: 'admin', staff_name: 'Priya Shah' })).toBe('Priya Shah');
    expect(staffNameOf({ role: 'admin', name: 'Profile Name' })).toBeNull();
    expect(staffNameOf(undefined)).toBeNull();
  });

  it('ignores a claim that `npm run admin` would not have set', () => {
    for (const claim of [42, null, '', '  ', 'x'.repeat(STAFF_NAME_MAX + 1), 'A\u0000B', ['Priya']]) {
      expect(staffNameOf({ staff_name: claim }), JSON.stringify(claim)).toBeNull();
    }
    expect(staffNameOf({ staff_name: ' Priya  Shah ' })).toBe('Priya Shah');
  });

  it('says a person by their name, else their email', () => {
    expect(staffWords({ name: 'Priya Shah', email: 'p@x.test' })).toBe('Priya Shah');
    expect(staffWords({ name: null, email: 'p@x.test' })).toBe('p@x.test');
    expect(staffWords({ name: null, email: null })).toBeNull();
  });
});

describe('npm run admin: its arguments', () => {
  it('reads grant with or without --name, name and revoke', () => {
    expect(parseAdminArgs(['grant', 'p@x.test', '--name', ' Priya  Shah '])).toEqual({ kind: 'grant', email: 'p@x.test', name: 'Priya Shah' });
    expect(parseAdminArgs(['grant', '--name=Priya Shah', 'p@x.test'])).toEqual({ kind: 'grant', email: 'p@x.test', name: 'Priya Shah' });
    expect(parseAdminArgs(['grant', 'p@x.test'])).toEqual({ kind: 'grant', email: 'p@x.test' });
    // The name's words need no quotes after `name EMAIL`.
    expect(parseAdminArgs(['name', 'p@x.test', 'Priya', 'Shah-Patel'])).toEqual({ kind: 'name', email: 'p@x.test', name: 'Priya Shah-Patel' });
    expect(parseAdminArgs(['name', 'p@x.test', 'Priya Shah'])).toEqual({ kind: 'name', email: 'p@x.test', name: 'Priya Shah' });
    expect(parseAdminArgs(['revoke', 'p@x.test'])).toEqual({ kind: 'revoke', email: 'p@x.test' });
    expect(parseAdminArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('says what is wrong with anything else', () => {
    const problem = (args: string[]) => {
      const parsed = parseAdminArgs(args);
      return parsed.kind === 'usage' ? parsed.problem : `not refused: ${JSON.stringify(parsed)}`;
    };
    expect(problem([])).toMatch(/grant, name or revoke/);
    expect(problem(['promote', 'p@x.test'])).toMatch(/Unknown command "promote"/);
    expect(problem(['grant'])).toMatch(/needs the account's email/);
    expect(problem(['grant', 'priya'])).toMatch(/not an email address/);
    expect(problem(['grant', 'p@x.test', '--name'])).toMatch(/--name needs a name/);
    expect(problem(['grant', 'p@x.test', '--name', 'A', '--name', 'B'])).toMatch(/twice/);
    // An unquoted name of several words: the second word is left over.
    expect(problem(['grant', 'p@x.test', '--name', 'Priya', 'Shah'])).toMatch(/Unexpected "Shah".*quoted/);
    expect(problem(['grant', 'p@x.test', '--name', '  '])).toMatch(/empty/);
    expect(problem(['grant', 'p@x.test', '--name', 'x'.repeat(81)])).toMatch(/at most 80/);
    expect(problem(['grant', 'p@x.test', '--force'])).toMatch(/Unknown option "--force"/);
    expect(problem(['name', 'p@x.test'])).toMatch(/needs the new name/);
    expect(problem(['name', 'p@x.test', '--name', 'Priya'])).toMatch(/--name goes with grant/);
    expect(problem(['revoke', 'p@x.test', 'extra'])).toMatch(/Unexpected "extra"/);
    expect(problem(['revoke', 'p@x.test', '--name', 'Priya'])).toMatch(/--name goes with grant/);
  });
});
